import { useTenancy } from '@collective/tenancy/react';
import {
  Button,
  DataState,
  formatDate,
  formatWeight,
  Pagination,
  PlainTable,
  SelectField,
  TextField,
} from '@collective/ui';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  STORES_PAGE_SIZE,
  useStores,
  type StoreListView,
} from '../../data/stores';
import { listViewParams, SORT_OPTIONS } from './list-view';
import styles from './stores-analytics.module.css';

/** Props of {@link StoreList}. */
export interface StoreListProps {
  view: StoreListView;
  /** Shows another view of the list (a new search, order or page); `replace` keeps no history entry. */
  onView: (view: StoreListView, options?: { replace?: boolean }) => void;
  /** The store whose detail was just left: its link gets the focus back once the list is here. */
  returnFocusTo?: number | null;
  /** Called once that focus has been given back. */
  onFocusReturned?: () => void;
}

/**
 * The stores of the data scope: a search, an order, a page of a table whose
 * store names link to their detail, and Previous/Next.
 */
export function StoreList({
  view,
  onView,
  returnFocusTo = null,
  onFocusReturned,
}: StoreListProps) {
  const stores = useStores(view);
  const { dataFilter } = useTenancy();
  const showMember = !('member_id' in dataFilter);
  const captionId = useId();
  const page = stores.data;
  const pageCount = page ? Math.ceil(page.total / STORES_PAGE_SIZE) : 0;
  const searchField = useRef<HTMLInputElement>(null);
  const table = useRef<HTMLTableElement>(null);
  // A page past the last (an old bookmark, or a smaller member's list).
  const pastLastPage =
    !!page &&
    !stores.isPlaceholderData &&
    page.total > 0 &&
    view.page > pageCount;

  // The search this field itself sent, whose arrival in the URL must not
  // overwrite what was typed since.
  const submitted = useRef<string | null>(null);
  useEffect(() => {
    // The field stays mounted (and focused) across searches; only a view
    // from elsewhere (the browser's Back, a link) changes its text.
    const own = submitted.current === view.search;
    submitted.current = null;
    const field = searchField.current;
    if (!own && field && field.value.trim() !== view.search) {
      field.value = view.search;
    }
  }, [view.search]);

  const { search, sort } = view;
  useEffect(() => {
    // Show the last page instead, in place of the URL's page.
    if (pastLastPage)
      onView({ search, sort, page: pageCount }, { replace: true });
  }, [pastLastPage, pageCount, search, sort, onView]);

  useEffect(() => {
    if (returnFocusTo === null || stores.status === 'pending') return;
    if (stores.isPlaceholderData) return;
    // Back from a store's detail: to its link, or to the list when it is not on this page.
    const link = table.current?.querySelector<HTMLElement>(
      `a[data-store-id="${returnFocusTo}"]`,
    );
    (link ?? table.current ?? searchField.current)?.focus();
    onFocusReturned?.();
  }, [returnFocusTo, stores.status, stores.isPlaceholderData, onFocusReturned]);

  /** Shows the view with `change`, on its first page unless the change is a page. */
  function show(change: Partial<StoreListView>) {
    onView({ ...view, page: 1, ...change });
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = String(
      new FormData(event.currentTarget).get('search') ?? '',
    );
    submitted.current = search.trim();
    show({ search: search.trim() });
  }

  return (
    <div className={styles.view}>
      <div className={styles.toolbar}>
        <form role="search" className={styles.search} onSubmit={onSearch}>
          <TextField
            label="Search stores"
            name="search"
            type="search"
            defaultValue={view.search}
            maxLength={100}
            ref={searchField}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <SelectField
          label="Sort by"
          value={view.sort}
          options={SORT_OPTIONS}
          onChange={(event) =>
            show({ sort: event.target.value as StoreListView['sort'] })
          }
        />
      </div>
      <DataState
        status={stores.status}
        error={stores.error}
        onRetry={() => void stores.refetch()}
        empty={page?.total === 0}
        emptyText={
          view.search
            ? `No store matches "${view.search}".`
            : 'There are no stores in this scope yet.'
        }
        loadingText="Loading the stores…"
      >
        {pastLastPage ? (
          <p className={styles.muted}>
            There is no page {view.page}: the list has {pageCount}{' '}
            {pageCount === 1 ? 'page' : 'pages'}.{' '}
            <Link to={`?${listViewParams({ ...view, page: 1 }).toString()}`}>
              Go to page 1
            </Link>
          </p>
        ) : page ? (
          <>
            <PlainTable
              ref={table}
              tabIndex={-1}
              className={styles.table}
              aria-describedby={captionId}
              aria-busy={stores.isPlaceholderData}
            >
              <caption id={captionId} className={styles.caption}>
                {page.total} stores
                {page.scope.member_name ? ` of ${page.scope.member_name}` : ''}
                {view.search ? ` matching "${view.search}"` : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Store</th>
                  <th scope="col">City</th>
                  {showMember ? <th scope="col">Member</th> : null}
                  <th scope="col">Collects by</th>
                  <th scope="col" className={styles.number}>
                    Last 12 months
                  </th>
                  <th scope="col">Last shipment</th>
                </tr>
              </thead>
              <tbody>
                {page.stores.map((store) => {
                  const params = listViewParams(view);
                  params.set('store', String(store.id));
                  return (
                    <tr key={store.id}>
                      <th scope="row">
                        <Link
                          to={`?${params.toString()}`}
                          state={{ fromList: true }}
                          data-store-id={store.id}
                        >
                          {store.name}
                        </Link>
                        {store.active ? null : (
                          <span className={styles.muted}> (inactive)</span>
                        )}
                      </th>
                      <td>
                        {store.city}, {store.region}
                      </td>
                      {showMember ? <td>{store.member_name}</td> : null}
                      <td>
                        {store.channel === 'kiosk' ? 'Kiosk' : 'In-store bin'}
                      </td>
                      <td className={styles.number}>
                        {formatWeight(store.weight_kg_12m)}
                      </td>
                      <td>
                        {store.last_shipment_at
                          ? formatDate(store.last_shipment_at)
                          : 'None yet'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </PlainTable>
            <Pagination
              label="Pages of stores"
              // The page shown: while the next loads, the one still on screen.
              page={page.page}
              pageCount={pageCount}
              onPage={(next) => show({ page: next })}
            />
          </>
        ) : null}
      </DataState>
    </div>
  );
}
