import {
  STORE_REGIONS,
  STORE_CHANNELS,
  STORE_RECORD_SORTS,
  STORE_STATUSES,
  type StoreChannel,
  type StoreRecord,
  type StoreStatus,
} from '@collective/api-client/contract';
import { FROM_LIST } from '@collective/nav/react';
import { useMembers, useTenancy } from '@collective/tenancy/react';
import {
  apiSort,
  Button,
  ConfirmAction,
  type DataTableColumn,
  errorMessage,
  FilterBar,
  formatDate,
  formatNumber,
  labelledOptions,
  type ListSpec,
  ListTable,
  namedOptions,
  Stack,
  useListParams,
} from '@collective/ui';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useDeactivateStores, useStoreRecords } from '../../data/store-records';
import { counted, recordListText } from '../record-list-text';
import { RecordScreen } from '../record-screen';
import styles from './admin-stores.module.css';
import { StoreDetail } from './store-detail';
import { Heartbeat, Supplies } from './store-facts';
import { CreateStoreForm, STORE_WORDS } from './store-form';
import { StoreImport } from './store-import';

/** What the list accepts from its URL: anything else falls back to the defaults. */
const LIST: ListSpec = {
  sortable: ['name', 'city', 'region', 'opened_at', 'last_heartbeat_at'],
  defaultPageSize: 20,
  pageSizes: [20, 50, 100],
  filters: {
    search: 'text',
    member: 'text',
    region: STORE_REGIONS,
    channel: STORE_CHANNELS,
    status: STORE_STATUSES,
    supplies: ['low'],
  },
};

/** The choices of a filter among store channels or statuses, in words. */
const choices = (values: readonly string[]) =>
  labelledOptions(values, STORE_WORDS);

/** The columns of the list; the server sorts by the sortable ones. */
function columnsFor(
  collective: boolean,
  selection: {
    chosen: ReadonlySet<number>;
    toggle: (store: StoreRecord) => void;
  } | null,
): DataTableColumn<StoreRecord>[] {
  const columns: (DataTableColumn<StoreRecord> | null)[] = [
    selection
      ? {
          id: 'select',
          header: 'Select',
          cell: (row) =>
            row.status === 'active' ? (
              <input
                type="checkbox"
                aria-label={`Select ${row.name}`}
                checked={selection.chosen.has(row.id)}
                onChange={() => selection.toggle(row)}
              />
            ) : null,
        }
      : null,
    {
      id: 'name',
      header: 'Store',
      rowHeader: true,
      sortable: true,
      cell: (row) => (
        <Link to={`?store=${row.id}`} state={FROM_LIST}>
          {row.name}
        </Link>
      ),
    },
    collective
      ? { id: 'member', header: 'Member', cell: (row) => row.member_name }
      : null,
    {
      id: 'city',
      header: 'Address',
      sortable: true,
      cell: (row) => `${row.address}, ${row.city}`,
    },
    {
      id: 'region',
      header: 'Region',
      sortable: true,
      cell: (row) => row.region,
    },
    {
      id: 'channel',
      header: 'Channel',
      cell: (row) => STORE_WORDS[row.channel],
    },
    { id: 'status', header: 'Status', cell: (row) => STORE_WORDS[row.status] },
    {
      id: 'supplies',
      header: 'Supplies on hand',
      cell: (row) => <Supplies store={row} />,
    },
    {
      id: 'last_heartbeat_at',
      header: 'Kiosk heartbeat',
      sortable: true,
      sortDescFirst: true,
      cell: (row) => <Heartbeat store={row} />,
    },
    {
      id: 'opened_at',
      header: 'Opened',
      sortable: true,
      sortDescFirst: true,
      hideable: true,
      cell: (row) => formatDate(row.opened_at),
    },
  ];
  return columns.filter((c): c is DataTableColumn<StoreRecord> => c !== null);
}

/**
 * Bulk deactivation of the chosen stores behind a confirmation (collective
 * admins): all or none, refused when any changed since it was read.
 */
function BulkDeactivation({
  chosen,
  onDone,
}: {
  chosen: readonly StoreRecord[];
  onDone: (text: string) => void;
}) {
  const deactivate = useDeactivateStores();
  const count = counted(chosen.length, 'store', 'stores');
  return (
    <div className={styles.actions}>
      <ConfirmAction
        askLabel={`Deactivate selected (${formatNumber(chosen.length)})…`}
        question={`Deactivate ${count}? Their shipments and history are kept.`}
        confirmLabel={`Yes, deactivate ${count}`}
        pendingLabel="Deactivating…"
        pending={deactivate.isPending}
        disabled={chosen.length === 0}
        error={
          deactivate.isError
            ? errorMessage(
                deactivate.error,
                'Nothing was deactivated. Try again.',
              )
            : null
        }
        onConfirm={(done) =>
          deactivate.mutate(
            {
              body: {
                stores: chosen.map((s) => ({ id: s.id, version: s.version })),
              },
            },
            {
              onSuccess: () => {
                done();
                onDone(`${count} deactivated.`);
              },
            },
          )
        }
      />
    </div>
  );
}

/** The tools of collective admins above the list: add a store, import a CSV. */
function AdminTools({ onNotice }: { onNotice: (text: string) => void }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<'add' | 'import' | null>(null);
  return (
    <section aria-labelledby="store-tools">
      <h2 id="store-tools">Add stores</h2>
      <div className={styles.actions}>
        <Button
          variant={open === 'add' ? 'primary' : 'secondary'}
          aria-expanded={open === 'add'}
          onClick={() => setOpen(open === 'add' ? null : 'add')}
        >
          Add a store…
        </Button>
        <Button
          variant={open === 'import' ? 'primary' : 'secondary'}
          aria-expanded={open === 'import'}
          onClick={() => setOpen(open === 'import' ? null : 'import')}
        >
          Import stores from a CSV…
        </Button>
      </div>
      {open === 'add' ? (
        <CreateStoreForm
          onCreated={(store) => void navigate(`?store=${store.id}`)}
        />
      ) : null}
      {open === 'import' ? <StoreImport onImported={onNotice} /> : null}
    </section>
  );
}

/** The stores of the data scope, searched, filtered, sorted and paged in the URL. */
function StoreList() {
  const list = useListParams(LIST, useSearchParams());
  const { state } = list;
  const { access } = useTenancy();
  const members = useMembers();
  const collective = access.isCollectiveAdmin;
  const [chosen, setChosen] = useState<ReadonlyMap<number, StoreRecord>>(
    new Map(),
  );
  const [notice, setNotice] = useState('');
  const search = state.filters['search'] ?? '';
  const answer = useStoreRecords({
    search,
    member: collective ? state.filters['member'] : undefined,
    region: state.filters['region'],
    channel: state.filters['channel'] as StoreChannel | undefined,
    status: state.filters['status'] as StoreStatus | undefined,
    lowStock: state.filters['supplies'] === 'low',
    sort: apiSort(state.sort, STORE_RECORD_SORTS),
    page: state.page,
    pageSize: state.pageSize,
  });
  const page = answer.data;
  const selection = collective
    ? {
        chosen: new Set(chosen.keys()),
        toggle: (store: StoreRecord) =>
          setChosen((now) => {
            const next = new Map(now);
            if (next.has(store.id)) next.delete(store.id);
            else next.set(store.id, store);
            return next;
          }),
      }
    : null;
  return (
    <Stack className={styles.view}>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      {collective ? (
        <AdminTools onNotice={setNotice} />
      ) : (
        <p>
          You see your member&apos;s stores and change their contacts and
          supplies; the collective&apos;s admins open, change and close stores.
        </p>
      )}
      <FilterBar
        label="Filter stores"
        list={list}
        search={{
          label: 'Search stores by name, address or city',
        }}
        selects={[
          ...(collective
            ? [
                {
                  key: 'member',
                  label: 'Member',
                  options: namedOptions(members),
                },
              ]
            : []),
          {
            key: 'region',
            label: 'Region',
            options: STORE_REGIONS.map((r: string) => ({ value: r, label: r })),
          },
          {
            key: 'channel',
            label: 'Channel',
            options: choices(STORE_CHANNELS),
          },
          { key: 'status', label: 'Status', options: choices(STORE_STATUSES) },
          {
            key: 'supplies',
            label: 'Supplies',
            options: [{ value: 'low', label: 'Low stock only' }],
          },
        ]}
      />
      {collective ? (
        <BulkDeactivation
          chosen={[...chosen.values()]}
          onDone={(text) => {
            setChosen(new Map());
            setNotice(text);
          }}
        />
      ) : null}
      <ListTable
        {...recordListText('store', 'stores', page?.total, search)}
        columns={columnsFor(collective, selection)}
        rows={page?.store_records}
        list={list}
        spec={LIST}
        answer={answer}
      />
    </Stack>
  );
}

/**
 * Stores & Inventory Management (decisions D14, D15; docs/decisions/0095):
 * the stores of the data scope with member, address, region, channel,
 * status, supplies against their reorder points and kiosks' heartbeat;
 * once one is chosen (`?store=<id>`), its detail and audit trail.
 * Collective admins add, import, edit and deactivate stores (one or many);
 * a brand admin changes their own stores' contacts and supplies.
 */
export default function AdminStoresScreen() {
  return <RecordScreen param="store" List={StoreList} Detail={StoreDetail} />;
}
