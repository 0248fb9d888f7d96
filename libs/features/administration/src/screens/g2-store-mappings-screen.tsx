import {
  G2_MAPPING_STATUSES,
  MAX_G2_BULK_MAPPINGS,
  type G2MappingImport,
  type G2MappingStatus,
  type G2StoreMapping,
} from '@collective/api-client/contract';
import { ScreenFrame } from '@collective/nav/react';
import {
  Alert,
  Button,
  errorMessage,
  ExportButton,
  Figures,
  FilterBar,
  formatNumber,
  isStaleWrite,
  noMatchText,
  Panel,
  RowIssuesTable,
  STANDARD_PAGING,
  statusFilter,
  useListParams,
  VisuallyHidden,
  type DataTableColumn,
  type ListSpec,
} from '@collective/ui';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  useConfirmG2Mappings,
  useG2Mappings,
  useG2MappingsCsv,
  useG2ReadOnly,
  useImportG2Mappings,
  useUpdateG2Mapping,
} from '../data/g2';
import { FileField } from './g2/file-field';
import { kg, MAPPING_STATUS_LABELS, rowsText } from './g2/g2-labels';
import styles from './g2/g2.module.css';
import { ReadOnlyNote } from './g2/read-only-note';
import { rowContext } from './row-context';
import { CountedListTable } from './table-region';

/** What the mapping list accepts from its URL. */
export const MAPPING_LIST: ListSpec = {
  sortable: [],
  ...STANDARD_PAGING,
  filters: { search: 'text', status: G2_MAPPING_STATUSES },
};

/** What a row's buttons do, from the screen that holds the writes. */
interface RowWrites {
  confirm: (mapping: G2StoreMapping, storeId: number) => void;
  ignore: (mapping: G2StoreMapping) => void;
  reset: (mapping: G2StoreMapping) => void;
  chosen: ReadonlySet<number>;
  choose: (mapping: G2StoreMapping, on: boolean) => void;
}
const [RowWritesProvider, useRowWrites] = rowContext<RowWrites>(
  'Mapping rows must be inside the mapping list.',
);

/** The best suggestion's checkbox for the bulk confirmation. */
function Choose({ mapping }: { mapping: G2StoreMapping }) {
  const writes = useRowWrites();
  const best = mapping.suggestions[0];
  if (mapping.status === 'confirmed' || !best) return null;
  return (
    <input
      type="checkbox"
      aria-label={`Choose ${mapping.partner_store_id} → ${best.store_name}`}
      checked={writes.chosen.has(mapping.id)}
      onChange={(event) => writes.choose(mapping, event.target.checked)}
    />
  );
}

/** The program store a mapping is tied to, or the suggestions to confirm. */
function Target({ mapping }: { mapping: G2StoreMapping }) {
  const writes = useRowWrites();
  if (mapping.status === 'confirmed') return <span>{mapping.store_name}</span>;
  if (mapping.suggestions.length === 0)
    return <span>No store looks like it</span>;
  return (
    <ul className={styles.stack}>
      {mapping.suggestions.map((s) => (
        <li key={s.store_id} className={styles.suggestion}>
          <span>
            {s.store_name} ({s.member_name}, {s.address}) ·{' '}
            {Math.round(s.score * 100)}% alike
          </span>
          <Button
            variant="secondary"
            onClick={() => writes.confirm(mapping, s.store_id)}
          >
            Confirm{' '}
            <VisuallyHidden>{`${mapping.partner_store_id} as ${s.store_name}`}</VisuallyHidden>
          </Button>
        </li>
      ))}
    </ul>
  );
}

function RowActions({ mapping }: { mapping: G2StoreMapping }) {
  const writes = useRowWrites();
  const of = <VisuallyHidden>{mapping.partner_store_id}</VisuallyHidden>;
  if (mapping.status === 'confirmed' || mapping.status === 'ignored') {
    return (
      <Button variant="secondary" onClick={() => writes.reset(mapping)}>
        Set back to unmatched {of}
      </Button>
    );
  }
  return (
    <Button variant="secondary" onClick={() => writes.ignore(mapping)}>
      Ignore {of}
    </Button>
  );
}

const PARTNER_COLUMN: DataTableColumn<G2StoreMapping> = {
  id: 'partner',
  header: 'Partner store id',
  rowHeader: true,
  cell: (m) =>
    m.partner_name
      ? `${m.partner_store_id} (${m.partner_name})`
      : m.partner_store_id,
};

const COLUMNS: DataTableColumn<G2StoreMapping>[] = [
  { id: 'choose', header: 'Choose', cell: (m) => <Choose mapping={m} /> },
  PARTNER_COLUMN,
  {
    id: 'status',
    header: 'Status',
    cell: (m) => MAPPING_STATUS_LABELS[m.status],
  },
  {
    id: 'held',
    header: 'Held back',
    cell: (m) =>
      m.rows_held > 0
        ? `${rowsText(m.rows_held)}, ${kg(m.weight_held_kg)}`
        : 'Nothing',
  },
  { id: 'store', header: 'Program store', cell: (m) => <Target mapping={m} /> },
  { id: 'actions', header: 'Actions', cell: (m) => <RowActions mapping={m} /> },
];

/** A member's view: its confirmed ids and their stores, nothing to change. */
const READ_ONLY_COLUMNS: DataTableColumn<G2StoreMapping>[] = [
  PARTNER_COLUMN,
  {
    id: 'store',
    header: 'Program store',
    cell: (m) => m.store_name ?? MAPPING_STATUS_LABELS[m.status],
  },
];

/** The CSV import of mappings: confirmed rows and the problems of the others. */
function MappingImport({ onDone }: { onDone: (text: string) => void }) {
  const upload = useImportG2Mappings();
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<G2MappingImport | null>(null);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    upload.mutate(
      { file },
      {
        onSuccess: (result) => {
          setAnswer(result);
          onDone(
            `${formatNumber(result.confirmed)} mappings confirmed from ${rowsText(result.rows)}${result.revalidating.length > 0 ? `; ${result.revalidating.length} uploads are checked again` : ''}.`,
          );
        },
      },
    );
  }
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      aria-label="Import mappings from a CSV"
    >
      <FileField
        id={id}
        label="CSV of mappings (partner_store_id, store_id)"
        accept=".csv,text/csv"
        onFile={setFile}
      />
      <Button type="submit" disabled={!file || upload.isPending}>
        {upload.isPending ? 'Importing…' : 'Import'}
      </Button>
      {upload.isError ? (
        <div className={styles.wide}>
          <Alert>
            {errorMessage(
              upload.error,
              'The file was not imported. Try again.',
            )}
          </Alert>
        </div>
      ) : null}
      {answer && answer.issues.length > 0 ? (
        <div className={styles.wide}>
          <RowIssuesTable
            aria-label="Rows not imported"
            scrollLabel="Rows not imported, scrolls sideways"
            issues={answer.issues}
          />
        </div>
      ) : null}
    </form>
  );
}

/**
 * G2 Store Mappings (decisions D17; docs/decisions/0099): the partner's
 * store ids with their status and the rows and weight each unconfirmed id
 * holds back, program stores suggested by name and address; confirm one
 * or the chosen ones at once, ignore, set back; CSV import and export.
 * Each confirmation checks the affected uploads again. A brand admin (or
 * a collective admin looking at one member) reads the ids confirmed to
 * that member's stores, and may export them.
 */
export default function G2StoreMappingsScreen() {
  const readOnly = useG2ReadOnly();
  const searchParams = useSearchParams();
  const list = useListParams(MAPPING_LIST, searchParams);
  const { state } = list;
  const status = state.filters['status'] as G2MappingStatus | undefined;
  const mappings = useG2Mappings({
    status,
    search: state.filters['search'] ?? '',
    page: state.page,
    pageSize: state.pageSize,
  });
  const update = useUpdateG2Mapping();
  const bulk = useConfirmG2Mappings();
  const csv = useG2MappingsCsv(status);
  const [notice, setNotice] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const answer = mappings.data;
  const failed = update.error ?? bulk.error;
  const said = (revalidating: readonly number[], text: string) =>
    setNotice(
      revalidating.length > 0
        ? `${text} ${revalidating.length === 1 ? 'One upload is' : `${revalidating.length} uploads are`} checked again.`
        : text,
    );
  const writes: RowWrites = {
    chosen,
    choose: (mapping, on) => {
      const next = new Set(chosen);
      if (on) next.add(mapping.id);
      else next.delete(mapping.id);
      setChosen(next);
    },
    confirm: (mapping, storeId) => {
      bulk.reset();
      update.mutate(
        {
          params: { id: mapping.id },
          body: {
            status: 'confirmed',
            store_id: storeId,
            version: mapping.version,
          },
        },
        {
          onSuccess: (a) =>
            said(a.revalidating, `${mapping.partner_store_id} is confirmed.`),
        },
      );
    },
    ignore: (mapping) => {
      bulk.reset();
      update.mutate(
        {
          params: { id: mapping.id },
          body: { status: 'ignored', version: mapping.version },
        },
        {
          onSuccess: () => setNotice(`${mapping.partner_store_id} is ignored.`),
        },
      );
    },
    reset: (mapping) => {
      bulk.reset();
      update.mutate(
        {
          params: { id: mapping.id },
          body: { status: 'unmatched', version: mapping.version },
        },
        {
          onSuccess: (a) =>
            said(
              a.revalidating,
              `${mapping.partner_store_id} is unmatched again.`,
            ),
        },
      );
    },
  };
  const choices = (answer?.mappings ?? []).filter(
    (m) => chosen.has(m.id) && m.suggestions[0],
  );
  function confirmChosen() {
    update.reset();
    bulk.mutate(
      {
        body: {
          mappings: choices.slice(0, MAX_G2_BULK_MAPPINGS).map((m) => ({
            id: m.id,
            store_id: (m.suggestions[0] as { store_id: number }).store_id,
            version: m.version,
          })),
        },
      },
      {
        onSuccess: (a) => {
          setChosen(new Set());
          said(
            a.revalidating,
            `${formatNumber(a.mappings.length)} mappings are confirmed.`,
          );
        },
      },
    );
  }
  return (
    <ScreenFrame>
      {readOnly ? (
        <ReadOnlyNote scope={answer?.scope} subject="mappings" />
      ) : null}
      {answer ? (
        <Figures
          figures={(readOnly
            ? (['confirmed'] as const)
            : G2_MAPPING_STATUSES
          ).map((s) => ({
            term: MAPPING_STATUS_LABELS[s],
            value: formatNumber(answer.counts[s]),
          }))}
        />
      ) : null}
      <div aria-live="polite">
        {notice ? <Alert tone="info">{notice}</Alert> : null}
      </div>
      {failed ? (
        <Alert>
          {errorMessage(failed, 'Nothing was changed. Try again.')}
          {isStaleWrite(failed) ? ' The list is shown as it is now.' : ''}
        </Alert>
      ) : null}
      <Panel
        title="Partner store ids"
        actions={<ExportButton getDownloadUrl={csv} label="Export CSV" />}
      >
        <FilterBar
          label="Filter mappings"
          list={list}
          search={{
            label: 'Search mappings',
            placeholder: 'Partner id, name or store',
          }}
          selects={
            readOnly
              ? []
              : [statusFilter(G2_MAPPING_STATUSES, MAPPING_STATUS_LABELS)]
          }
        />
        {readOnly ? null : (
          <div className={styles.actions}>
            <Button
              disabled={choices.length === 0 || bulk.isPending}
              onClick={confirmChosen}
            >
              {`Confirm ${formatNumber(choices.length)} chosen as their best suggestion`}
            </Button>
          </div>
        )}
        <RowWritesProvider value={writes}>
          <CountedListTable
            title="Partner store ids"
            counted="partner store ids"
            columns={readOnly ? READ_ONLY_COLUMNS : COLUMNS}
            rows={answer?.mappings}
            list={list}
            spec={MAPPING_LIST}
            answer={mappings}
            emptyText={noMatchText('partner store id')}
          />
        </RowWritesProvider>
      </Panel>
      {readOnly ? null : (
        <Panel title="Import mappings">
          <MappingImport onDone={setNotice} />
        </Panel>
      )}
    </ScreenFrame>
  );
}
