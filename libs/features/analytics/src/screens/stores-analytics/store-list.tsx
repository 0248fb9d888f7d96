import { useTenancy } from '@collective/tenancy/react';
import {
  Button,
  DataState,
  formatDate,
  formatWeight,
  Pagination,
  SelectField,
  TextField,
} from '@collective/ui';
import { useId, type FormEvent } from 'react';
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
  /** Shows another view of the list (a new search, order or page). */
  onView: (view: StoreListView) => void;
}

/**
 * The stores of the data scope: a search, an order, a page of a table whose
 * store names link to their detail, and Previous/Next.
 */
export function StoreList({ view, onView }: StoreListProps) {
  const stores = useStores(view);
  const { dataFilter } = useTenancy();
  const showMember = !('member_id' in dataFilter);
  const captionId = useId();
  const page = stores.data;
  const pageCount = page ? Math.ceil(page.total / STORES_PAGE_SIZE) : 0;

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = String(
      new FormData(event.currentTarget).get('search') ?? '',
    );
    onView({ ...view, search: search.trim(), page: 1 });
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
            key={view.search}
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
            onView({
              ...view,
              sort: event.target.value as StoreListView['sort'],
              page: 1,
            })
          }
        />
      </div>
      <DataState
        status={stores.status}
        error={stores.error}
        onRetry={() => void stores.refetch()}
        empty={page?.stores.length === 0}
        emptyText={
          view.search
            ? `No store matches "${view.search}".`
            : 'There are no stores in this scope yet.'
        }
        loadingText="Loading the stores…"
      >
        {page ? (
          <>
            <div className={styles.tableWrap}>
              <table className={styles.table} aria-describedby={captionId}>
                <caption id={captionId} className={styles.caption}>
                  {page.total} stores
                  {page.scope.member_name
                    ? ` of ${page.scope.member_name}`
                    : ''}
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
              </table>
            </div>
            <Pagination
              label="Pages of stores"
              page={view.page}
              pageCount={pageCount}
              onPage={(next) => onView({ ...view, page: next })}
            />
          </>
        ) : null}
      </DataState>
    </div>
  );
}
