import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import * as v from 'valibot';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import { RadioChoices } from '../choice-group/radio-choices';
import { errorMessage } from '../error-message/error-message';
import { Form } from '../form/form';
import { useForm } from '../form/use-form';
import { FormError } from '../form-error/form-error';
import { FormField } from '../form-field/form-field';
import { MenuButton, type MenuItem } from '../menu-button/menu-button';
import { Sheet } from '../sheet/sheet';
import { SubmitButton } from '../submit-button/submit-button';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './saved-views.module.css';

/** Who may use a saved view: its author, the author's member brand, or the whole collective. */
export type ViewVisibility = 'private' | 'member' | 'collective';

/** A saved view as the server keeps it. */
export interface SavedView {
  id: string;
  name: string;
  visibility: ViewVisibility;
  /** The signed-in user made it, so may update or delete it. */
  mine: boolean;
  /** The list state it restores, as the list's URL query (`listParamsToSearch(...).toString()`). */
  state: string;
}

/** Props of {@link SavedViews}. */
export interface SavedViewsProps {
  /** Every view the user may apply: theirs and those shared with them. */
  views: readonly SavedView[];
  /** The list's state now, in the same form as a view's `state`. */
  currentState: string;
  /** The visibilities this user may save with (a brand member may not share with the collective). */
  allowedVisibilities: readonly ViewVisibility[];
  onApply: (view: SavedView) => void;
  /** Saves the current state as a new view; a rejected promise keeps the dialog open with its message. */
  onSave: (view: { name: string; visibility: ViewVisibility }) => unknown;
  /** Saves the current state into an existing view of the user's. */
  onUpdate: (view: SavedView) => unknown;
  onDelete: (view: SavedView) => unknown;
  /** A change is under way elsewhere (e.g. the list of views is reloading): actions wait. */
  busy?: boolean;
  /** What went wrong with the views (loading them, or the last change). */
  error?: string | null;
  /** Names of the visibilities, e.g. `{ member: "Everyone at Kiehl's" }`. */
  visibilityLabels?: Partial<Record<ViewVisibility, string>>;
}

const VISIBILITY_ORDER: readonly ViewVisibility[] = [
  'private',
  'member',
  'collective',
];

const DEFAULT_LABELS: Record<ViewVisibility, string> = {
  private: 'Only me',
  member: 'Everyone in my member brand',
  collective: 'Everyone in the collective',
};

const GROUP_HEADINGS: Record<ViewVisibility, string> = {
  private: 'My private views',
  member: 'Shared with my member brand',
  collective: 'Shared with the collective',
};

const MAX_VIEW_NAME = 80;

/**
 * Saved views of a list, kept on the server (this component fetches
 * nothing): a "Saved views" menu button lists the views the user may apply,
 * grouped by who they are shared with, with the one matching the list
 * marked current; "Save view…" opens a dialog for a name and who may use
 * it; "Manage my views…" lets the user save the current list into one of
 * their views or delete one, after a confirmation. Keyboard first: the menu
 * follows the WAI-ARIA menu button, the dialogs keep focus inside, close on
 * Escape and give it back; outcomes are announced.
 */
export function SavedViews({
  views,
  currentState,
  allowedVisibilities,
  onApply,
  onSave,
  onUpdate,
  onDelete,
  busy = false,
  error = null,
  visibilityLabels,
}: SavedViewsProps) {
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const labels = { ...DEFAULT_LABELS, ...visibilityLabels };
  const mine = views.filter((view) => view.mine);
  const allowed = VISIBILITY_ORDER.filter((visibility) =>
    allowedVisibilities.includes(visibility),
  );

  const items: MenuItem[] = [
    ...VISIBILITY_ORDER.flatMap((visibility) =>
      views
        .filter((view) => view.visibility === visibility)
        .map((view) => ({
          id: `view-${view.id}`,
          label: view.name,
          group: GROUP_HEADINGS[visibility],
          current: view.state === currentState,
          onSelect: () => {
            onApply(view);
            setAnnouncement(`View “${view.name}” applied.`);
          },
        })),
    ),
    ...(allowed.length > 0
      ? [{ id: 'save', label: 'Save view…', onSelect: () => setDialog('save') }]
      : []),
    ...(mine.length > 0
      ? [
          {
            id: 'manage',
            label: 'Manage my views…',
            onSelect: () => setDialog('manage'),
          },
        ]
      : []),
  ];
  const current = views.find((view) => view.state === currentState);

  return (
    <div className={styles.views}>
      <MenuButton
        label={
          <>
            Saved views
            {current ? (
              <span className={styles.current}>
                <VisuallyHidden>, current:</VisuallyHidden> {current.name}
              </span>
            ) : null}
          </>
        }
        items={items}
        align="end"
      />
      <p role="status" className={styles.announcement}>
        {announcement}
      </p>
      {error && dialog === null ? <Alert>{error}</Alert> : null}
      <Sheet
        open={dialog === 'save'}
        onClose={() => setDialog(null)}
        title="Save view"
        placement="center"
      >
        <SaveViewForm
          mine={mine}
          allowed={allowed}
          labels={labels}
          error={error}
          onSave={async (view) => {
            await onSave(view);
            setDialog(null);
            setAnnouncement(`View “${view.name}” saved.`);
          }}
        />
      </Sheet>
      <Sheet
        open={dialog === 'manage'}
        onClose={() => setDialog(null)}
        title="Manage my views"
        placement="center"
      >
        <ManageViews
          mine={mine}
          currentState={currentState}
          labels={labels}
          busy={busy}
          error={error}
          onUpdate={async (view) => {
            await onUpdate(view);
            setAnnouncement(`View “${view.name}” now shows the current list.`);
          }}
          onDelete={async (view) => {
            await onDelete(view);
            setAnnouncement(`View “${view.name}” deleted.`);
          }}
        />
      </Sheet>
    </div>
  );
}

interface SaveViewFormProps {
  mine: readonly SavedView[];
  allowed: readonly ViewVisibility[];
  labels: Record<ViewVisibility, string>;
  error: string | null;
  onSave: (view: { name: string; visibility: ViewVisibility }) => Promise<void>;
}

function SaveViewForm({
  mine,
  allowed,
  labels,
  error,
  onSave,
}: SaveViewFormProps) {
  const schema = useMemo(
    () =>
      v.object({
        name: v.pipe(
          v.string(),
          v.trim(),
          v.nonEmpty('Enter a name for the view.'),
          v.maxLength(
            MAX_VIEW_NAME,
            `Keep the name under ${MAX_VIEW_NAME + 1} characters.`,
          ),
          v.check(
            (name) => !mine.some((view) => view.name === name),
            'You already have a view with this name: choose another, or update that one from Manage my views.',
          ),
        ),
        visibility: v.picklist(allowed, 'Choose who may use the view.'),
      }),
    [mine, allowed],
  );
  const form = useForm({
    schema,
    initialValues: { name: '', visibility: allowed[0] },
    onSubmit: (view) => onSave(view),
  });
  return (
    <Form form={form} aria-label="Save view" className={styles.form}>
      <FormError
        error={form.serverError ?? (error ? { message: error } : null)}
      />
      <FormField
        name="name"
        label="Name"
        maxLength={MAX_VIEW_NAME + 20}
        autoComplete="off"
      />
      <RadioChoices
        legend="Who may use it"
        name="visibility"
        options={allowed}
        label={(visibility) => labels[visibility]}
        value={String(form.values.visibility)}
        onChange={(visibility) => form.setValue('visibility', visibility)}
      />
      <SubmitButton>Save view</SubmitButton>
    </Form>
  );
}

interface ManageViewsProps {
  mine: readonly SavedView[];
  currentState: string;
  labels: Record<ViewVisibility, string>;
  busy: boolean;
  error: string | null;
  onUpdate: (view: SavedView) => Promise<void>;
  onDelete: (view: SavedView) => Promise<void>;
}

function ManageViews({
  mine,
  currentState,
  labels,
  busy,
  error,
  onUpdate,
  onDelete,
}: ManageViewsProps) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const introRef = useRef<HTMLParagraphElement>(null);
  const deleteRefs = useRef(new Map<string, HTMLButtonElement | null>());
  const waiting = busy || working;

  async function run(action: () => Promise<void>, after?: () => void) {
    if (waiting) return;
    setWorking(true);
    setFailure(null);
    try {
      await action();
      after?.();
    } catch (problem) {
      setFailure(
        errorMessage(problem, 'The change could not be saved. Try again.'),
      );
    } finally {
      setWorking(false);
    }
  }

  // Once the confirmation has given way to the row's buttons again, focus
  // goes back to the Delete button it came from.
  useEffect(() => {
    if (returnTo === null) return;
    deleteRefs.current.get(returnTo)?.focus();
    setReturnTo(null);
  }, [returnTo]);

  function cancel(view: SavedView) {
    setConfirming(null);
    setReturnTo(view.id);
  }

  function onConfirmKeyDown(
    event: KeyboardEvent<HTMLDivElement>,
    view: SavedView,
  ) {
    if (event.key !== 'Escape') return;
    // Escape leaves the confirmation, not the dialog.
    event.stopPropagation();
    event.preventDefault();
    cancel(view);
  }

  const shownError = failure ?? error;
  return (
    <div className={styles.manage}>
      {shownError ? <Alert>{shownError}</Alert> : null}
      <p ref={introRef} tabIndex={-1} className={styles.intro}>
        {mine.length === 0
          ? 'You have no saved views left.'
          : 'Your views. Update one to save the list as it is now into it.'}
      </p>
      <ul className={styles.list}>
        {mine.map((view) => {
          const upToDate = view.state === currentState;
          return (
            <li key={view.id} className={styles.entry}>
              <span className={styles.name}>
                {view.name}
                <span className={styles.meta}>
                  {labels[view.visibility]}
                  {upToDate ? ' · shows the current list' : ''}
                </span>
              </span>
              {confirming === view.id ? (
                // Escape is handled for the two buttons inside.
                // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
                <div
                  role="group"
                  aria-labelledby={`confirm-${view.id}`}
                  className={styles.actions}
                  onKeyDown={(event) => onConfirmKeyDown(event, view)}
                >
                  <p id={`confirm-${view.id}`} className={styles.question}>
                    Delete “{view.name}”?
                    {view.visibility === 'private'
                      ? ''
                      : ' Everyone it is shared with loses it too.'}
                  </p>
                  <Button
                    variant="primary"
                    aria-disabled={waiting || undefined}
                    onClick={() =>
                      void run(
                        () => onDelete(view),
                        () => {
                          setConfirming(null);
                          introRef.current?.focus();
                        },
                      )
                    }
                  >
                    Delete view
                  </Button>
                  <Button
                    variant="secondary"
                    // eslint-disable-next-line jsx-a11y/no-autofocus -- the confirmation replaces the focused Delete button
                    autoFocus
                    onClick={() => cancel(view)}
                  >
                    Keep it
                  </Button>
                </div>
              ) : (
                <div className={styles.actions}>
                  <Button
                    variant="secondary"
                    aria-disabled={waiting || upToDate || undefined}
                    onClick={() => {
                      if (!upToDate) void run(() => onUpdate(view));
                    }}
                  >
                    {'Update '}
                    <VisuallyHidden>
                      “{view.name}” with the current list
                    </VisuallyHidden>
                  </Button>
                  <Button
                    ref={(node) => {
                      deleteRefs.current.set(view.id, node);
                    }}
                    variant="ghost"
                    aria-disabled={waiting || undefined}
                    onClick={() => {
                      if (!waiting) setConfirming(view.id);
                    }}
                  >
                    {'Delete '}
                    <VisuallyHidden>“{view.name}”</VisuallyHidden>
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
