import {
  EOL_OUTCOMES,
  LOT_STATUSES,
  MATERIALS,
  type EolSummary,
  type Lot,
  type MaterialCode,
} from '@collective/api-client/contract';
import {
  ColumnHeadings,
  DataState,
  Figures,
  FilterBar,
  formatMonth,
  formatNumber,
  formatPercent,
  formatWeight,
  ListTable,
  noMatchText,
  Panel,
  PlainTable,
  queryState,
  SelectField,
  STANDARD_PAGING,
  statusFilter,
  useListParams,
  type DataTableColumn,
  type ListSpec,
} from '@collective/ui';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useEolSummary, useLots, useOnHand } from '../../data/eol';
import { MATERIAL_NAMES } from '../operations-fields';
import styles from '../shipment-tracking/shipment-tracking.module.css';
import { LOT_STATUS_LABELS } from './lot-detail';
import { CreateLot, OUTCOME_LABELS } from './lot-forms';

/** What the lot list accepts from its URL. */
export const LOT_LIST: ListSpec = {
  sortable: [],
  ...STANDARD_PAGING,
  filters: {
    status: LOT_STATUSES,
    material: MATERIALS.map((m) => m.code),
  },
};

/**
 * The periods the outcomes may be shown for: the last twelve months (no
 * `period`), this year and last, and each of the last twelve months.
 */
export function outcomePeriods(now: Date) {
  const year = now.getUTCFullYear();
  const months = Array.from({ length: 12 }, (_, back) =>
    new Date(Date.UTC(year, now.getUTCMonth() - back, 1))
      .toISOString()
      .slice(0, 7),
  );
  return [
    { value: '', label: 'Last 12 months' },
    { value: String(year), label: String(year) },
    { value: String(year - 1), label: String(year - 1) },
    ...months.map((m) => ({ value: m, label: formatMonth(m) })),
  ];
}

const kg = (value: number) => formatWeight(value);

/** D14's two equations with the scope's figures: what is received, sorted, in lots and on hand. */
function Balance({ balance }: { balance: EolSummary['balance'] }) {
  return (
    <Panel title="Mass balance">
      <Figures
        figures={[
          { term: 'Received (net)', value: kg(balance.received_kg) },
          { term: 'Sorted', value: kg(balance.sorted_kg) },
          { term: 'Residue', value: kg(balance.residue_kg) },
          { term: 'In lots', value: kg(balance.in_lots_kg) },
          { term: 'On hand', value: kg(balance.on_hand_kg) },
        ]}
      />
      <p>
        Received {kg(balance.received_kg)} = sorted {kg(balance.sorted_kg)} +
        residue {kg(balance.residue_kg)}. Sorted {kg(balance.sorted_kg)} = in
        lots {kg(balance.in_lots_kg)} + on hand {kg(balance.on_hand_kg)}.
      </p>
    </Panel>
  );
}

/** Per material: what is on hand, and what confirmed lots of the period became. */
function Materials({
  summary,
  periodPicker,
}: {
  summary: EolSummary;
  periodPicker: ReactNode;
}) {
  const total = (m: EolSummary['materials'][number]) =>
    EOL_OUTCOMES.reduce((sum, o) => sum + m.confirmed[o], 0);
  return (
    <Panel title="On hand and outcomes per material">
      {periodPicker}
      <p>
        Confirmed outcomes of the material received in the period: recycling
        rate {formatPercent(summary.recycling_rate)}, diversion rate{' '}
        {formatPercent(summary.diversion_rate)}.
      </p>
      <PlainTable>
        <caption>
          Material on hand now, and the confirmed outcomes of the period
        </caption>
        <ColumnHeadings
          names={[
            'Material',
            'On hand',
            ...EOL_OUTCOMES.map((o) => OUTCOME_LABELS[o]),
            'Confirmed',
          ]}
        />
        <tbody>
          {summary.materials.map((m) => (
            <tr key={m.material}>
              <th scope="row">{MATERIAL_NAMES[m.material]}</th>
              <td>{kg(m.on_hand_kg)}</td>
              {EOL_OUTCOMES.map((o) => (
                <td key={o}>{kg(m.confirmed[o])}</td>
              ))}
              <td>{kg(total(m))}</td>
            </tr>
          ))}
        </tbody>
      </PlainTable>
    </Panel>
  );
}

const COLUMNS: readonly DataTableColumn<Lot>[] = [
  {
    id: 'id',
    header: 'Lot',
    rowHeader: true,
    rowLink: true,
    cell: (lot) => <Link to={`?lot=${lot.id}`}>#{lot.id}</Link>,
  },
  { id: 'member', header: 'Member', cell: (lot) => lot.member_name },
  {
    id: 'material',
    header: 'Material',
    cell: (lot) => MATERIAL_NAMES[lot.material],
  },
  { id: 'processor', header: 'Processor', cell: (lot) => lot.processor },
  {
    id: 'weight',
    header: 'Weight',
    align: 'end',
    cell: (lot) => kg(lot.weight_kg),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (lot) =>
      lot.outcome
        ? `${OUTCOME_LABELS[lot.outcome]} (${lot.certificate_ref ?? '–'})`
        : LOT_STATUS_LABELS[lot.status],
  },
];

/** The lots of the scope, newest first, by status and material. */
function Lots() {
  const list = useListParams(LOT_LIST, useSearchParams());
  const { state } = list;
  const answer = useLots({
    status: state.filters['status'] as Lot['status'] | undefined,
    material: state.filters['material'] as MaterialCode | undefined,
    page: state.page,
    pageSize: state.pageSize,
  });
  const page = answer.data;
  return (
    <Panel title="Lots">
      <FilterBar
        label="Filter lots"
        list={list}
        selects={[
          statusFilter(LOT_STATUSES, LOT_STATUS_LABELS),
          {
            key: 'material',
            label: 'Material',
            allLabel: 'Any material',
            options: MATERIALS.map((m) => ({ value: m.code, label: m.label })),
          },
        ]}
      />
      <ListTable
        caption={page ? `${formatNumber(page.total)} lots` : 'Lots'}
        columns={COLUMNS}
        rows={page?.lots}
        list={list}
        spec={LOT_LIST}
        answer={answer}
        emptyText={noMatchText('lot')}
      />
    </Panel>
  );
}

/**
 * The form to make a lot, over the material on hand per member (collective
 * admins): a section of its own, so its heading follows the page's whether
 * or not the mass balance above it loaded.
 */
function MakeLot({ onCreated }: { onCreated: (id: number) => void }) {
  const onHand = useOnHand();
  return (
    <Panel title="Make a lot">
      <DataState
        {...queryState(onHand)}
        loadingText="Loading the material on hand…"
      >
        {onHand.data && onHand.data.on_hand.length > 0 ? (
          <CreateLot onHand={onHand.data.on_hand} onCreated={onCreated} />
        ) : (
          <p>No sorted material is on hand to make a lot of.</p>
        )}
      </DataState>
    </Panel>
  );
}

/**
 * End-of-life processing at a glance: the mass balance, per material what
 * is on hand and what the confirmed lots of a period became, the form to
 * make a lot (when `canWrite`) and the list of lots.
 */
export function EolOverview({
  canWrite,
  onLot,
}: {
  canWrite: boolean;
  /** Opens a lot (after making it). */
  onLot: (id: number) => void;
}) {
  const [params, setParams] = useSearchParams();
  const periods = outcomePeriods(new Date());
  const asked = params.get('period') ?? '';
  const period = periods.some((p) => p.value === asked) ? asked : '';
  const summary = useEolSummary(period || undefined);
  const picker = (
    <SelectField
      label="Period of receipt"
      options={periods}
      value={period}
      onChange={(event) => {
        const next = new URLSearchParams(params);
        if (event.target.value) next.set('period', event.target.value);
        else next.delete('period');
        setParams(next);
      }}
    />
  );
  return (
    <div className={styles.view}>
      <DataState
        {...queryState(summary)}
        loadingText="Loading the mass balance…"
      >
        {summary.data ? (
          <>
            <Balance balance={summary.data.balance} />
            <Materials summary={summary.data} periodPicker={picker} />
          </>
        ) : null}
      </DataState>
      {canWrite ? <MakeLot onCreated={onLot} /> : null}
      <Lots />
    </div>
  );
}
