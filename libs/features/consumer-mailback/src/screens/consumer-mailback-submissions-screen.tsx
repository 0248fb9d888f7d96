import {
  MAILBACK_REGIONS,
  MAILBACK_SORTS,
  MAILBACK_STATUSES,
} from '@collective/api-client/contract';
import { ListViews, ScreenFrame } from '@collective/nav/react';
import {
  Alert,
  answerState,
  apiSort,
  Button,
  DataTable,
  ExportButton,
  FilterBar,
  formatDate,
  formatNumber,
  STANDARD_PAGING,
  useListParams,
  type DataTableColumn,
  type ListSpec,
} from '@collective/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  useMailbackSubmissions,
  useMarkLabelsSent,
  useSubmissionsExportUrl,
  type SubmissionRow,
  type SubmissionsQuery,
} from '../data/mailback-submissions';
import {
  REGION_OPTIONS,
  STATUS_LABELS,
  STATUS_OPTIONS,
} from './mailback-labels';

const LIST: ListSpec = {
  sortable: ['created', 'status'],
  defaultSort: { id: 'created', desc: true },
  ...STANDARD_PAGING,
  filters: {
    search: 'text',
    status: MAILBACK_STATUSES,
    region: MAILBACK_REGIONS,
  },
};

/**
 * The screen of /consumer-mailback/submissions (decisions D19): search by
 * name, email, tracking number or id, filters, pages, saved views (without
 * the search); personal data masked
 * as the server sends it; bulk "mark label sent"; CSV export without
 * personal data unless the admin ticks the box (an audited export).
 */
export default function ConsumerMailbackSubmissionsScreen() {
  const list = useListParams(LIST, useSearchParams());
  const { state } = list;
  const query: SubmissionsQuery = {
    search: state.filters.search,
    status: state.filters.status as SubmissionsQuery['status'],
    region: state.filters.region as SubmissionsQuery['region'],
    sort: apiSort(state.sort, MAILBACK_SORTS),
    page: String(state.page),
    page_size: String(state.pageSize),
  };
  const answer = useMailbackSubmissions(query);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [personal, setPersonal] = useState(false);
  const [said, setSaid] = useState('');
  const mark = useMarkLabelsSent();
  const exportUrl = useSubmissionsExportUrl(query, personal);
  const page = answer.data;

  function toggle(id: string, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  }

  const columns: readonly DataTableColumn<SubmissionRow>[] = [
    {
      id: 'select',
      header: 'Select',
      cell: (row) => (
        <input
          type="checkbox"
          aria-label={`Select ${row.id}`}
          checked={chosen.has(row.id)}
          disabled={row.status !== 'submitted' || row.redacted}
          onChange={(event) => toggle(row.id, event.target.checked)}
        />
      ),
    },
    {
      id: 'id',
      header: 'Submission',
      rowHeader: true,
      cell: (row) => (
        <Link to={`/consumer-mailback/submissions/${row.id}`}>{row.id}</Link>
      ),
    },
    { id: 'name', header: 'Name', cell: (row) => row.name },
    { id: 'email', header: 'Email', cell: (row) => row.email },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (row) => STATUS_LABELS[row.status],
    },
    { id: 'region', header: 'Region', cell: (row) => row.region },
    {
      id: 'items',
      header: 'Items',
      align: 'end',
      cell: (row) => formatNumber(row.items),
    },
    {
      id: 'tracking',
      header: 'Tracking number',
      hideable: true,
      cell: (row) => row.tracking_number ?? '—',
    },
    {
      id: 'created',
      header: 'Submitted',
      sortable: true,
      sortDescFirst: true,
      cell: (row) => formatDate(row.created_at),
    },
  ];

  /** Marks the chosen labels sent; a refusal shows in the alert below, the choice kept. */
  function markSent() {
    setSaid('');
    mark.mutate(
      { body: { ids: [...chosen] } },
      {
        onSuccess: (result) => {
          setChosen(new Set());
          setSaid(
            `${result.marked} ${result.marked === 1 ? 'label' : 'labels'} marked sent${result.skipped ? `, ${result.skipped} skipped` : ''}.`,
          );
        },
      },
    );
  }

  return (
    <ScreenFrame>
      <FilterBar
        label="Filter submissions"
        list={list}
        search={{ label: 'Search name, email, tracking or id' }}
        selects={[
          { key: 'status', label: 'Status', options: STATUS_OPTIONS },
          { key: 'region', label: 'Region', options: REGION_OPTIONS },
        ]}
      />
      <div role="group" aria-label="Actions on submissions">
        {/* A view keeps filters, sort and page size, never the search: it may name a person. */}
        <ListViews
          list="mailback-submissions"
          spec={LIST}
          params={list}
          unsaved={['search']}
        />{' '}
        <Button
          variant="secondary"
          onClick={markSent}
          disabled={chosen.size === 0 || mark.isPending}
        >
          Mark label sent{chosen.size > 0 ? ` (${chosen.size})` : ''}
        </Button>{' '}
        <label>
          <input
            type="checkbox"
            checked={personal}
            onChange={(event) => setPersonal(event.target.checked)}
          />{' '}
          Include personal data in the export (recorded in the audit trail)
        </label>{' '}
        <ExportButton
          getDownloadUrl={exportUrl}
          label={personal ? 'Export CSV with personal data' : 'Export CSV'}
        />
      </div>
      <p role="status">{said}</p>
      {mark.error ? <Alert tone="error">{mark.error.message}</Alert> : null}
      <DataTable
        caption={
          page
            ? `${formatNumber(page.total)} mail-back submissions, personal data masked`
            : 'Mail-back submissions'
        }
        columns={columns}
        rows={page?.submissions ?? []}
        getRowId={(row) => row.id}
        sort={state.sort}
        onSortChange={list.setSort}
        {...answerState(answer)}
        emptyText="No submission matches these filters."
        pagination={
          page
            ? {
                page: page.page,
                pageCount: Math.max(1, Math.ceil(page.total / page.page_size)),
                onPage: list.setPage,
                pageSize: state.pageSize,
                pageSizes: LIST.pageSizes,
                onPageSize: list.setPageSize,
              }
            : undefined
        }
      />
    </ScreenFrame>
  );
}
