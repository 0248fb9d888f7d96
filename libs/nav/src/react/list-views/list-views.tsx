import {
  recordEndpoints,
  viewVisibilitiesFor,
} from '@collective/api-client/contract';
import {
  useScopedMutation,
  useScopedQuery,
  useTenancy,
} from '@collective/tenancy/react';
import {
  listParamsToSearch,
  parseListParams,
  SavedViews,
  type ListParams,
  type ListSpec,
} from '@collective/ui';

/** Props of {@link ListViews}. */
export interface ListViewsProps {
  /** The list's name on the server (`shipments`). */
  list: string;
  spec: ListSpec;
  params: ListParams;
  /**
   * Filters a view never keeps: a search that may be a person's name or
   * email (the mail-back submissions), so it stays out of saved views and
   * their audit events.
   */
  unsaved?: readonly string[];
}

/**
 * The list kit's saved views of one list, kept on the server
 * (/api/saved-views): apply one, save the current filters, sort and page
 * size (not the `unsaved` filters), update or delete one's own; shared as
 * the user may. Here rather
 * than in a feature library, so every feature's lists can offer them
 * (feature libraries never import each other).
 */
export function ListViews({
  list,
  spec,
  params,
  unsaved = [],
}: ListViewsProps) {
  const { access } = useTenancy();
  const views = useScopedQuery(recordEndpoints.savedViews, { query: { list } });
  const create = useScopedMutation(recordEndpoints.createSavedView);
  const update = useScopedMutation(recordEndpoints.updateSavedView);
  const remove = useScopedMutation(recordEndpoints.deleteSavedView);
  const saved = views.data?.views ?? [];
  const versionOf = (id: string) =>
    saved.find((view) => String(view.id) === id)?.version ?? 1;
  const filters = Object.fromEntries(
    Object.entries(params.state.filters).filter(
      ([key]) => !unsaved.includes(key),
    ),
  );
  const currentState = listParamsToSearch(
    { ...params.state, filters, page: 1 },
    spec,
  ).toString();
  return (
    <SavedViews
      views={saved.map((view) => ({
        id: String(view.id),
        name: view.name,
        visibility: view.visibility,
        mine: view.mine,
        state: view.state,
      }))}
      currentState={currentState}
      allowedVisibilities={viewVisibilitiesFor(access)}
      onApply={(view) => params.setState(parseListParams(view.state, spec))}
      onSave={({ name, visibility }) =>
        create.mutateAsync({
          body: { list, name, visibility, state: currentState },
        })
      }
      onUpdate={(view) =>
        update.mutateAsync({
          params: { id: view.id },
          body: { version: versionOf(view.id), state: currentState },
        })
      }
      onDelete={(view) =>
        remove.mutateAsync({
          params: { id: view.id },
          query: { version: String(versionOf(view.id)) },
        })
      }
      busy={views.isFetching}
      error={views.error?.message ?? null}
    />
  );
}
