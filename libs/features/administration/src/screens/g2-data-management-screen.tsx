import {
  G2_UPLOAD_STATUSES,
  type G2Upload,
  type G2UploadStatus,
} from '@collective/api-client/contract';
import { ScreenFrame } from '@collective/nav/react';
import {
  Alert,
  Button,
  FilterBar,
  formatDateTime,
  formatNumber,
  idParam,
  noMatchText,
  Panel,
  STANDARD_PAGING,
  statusFilter,
  useListParams,
  VisuallyHidden,
  type DataTableColumn,
  type ListSpec,
} from '@collective/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useG2ReadOnly, useG2Uploads } from '../data/g2';
import { kg, UPLOAD_STATUS_LABELS } from './g2/g2-labels';
import styles from './g2/g2.module.css';
import { QualityQueue } from './g2/quality-queue';
import { ReadOnlyNote } from './g2/read-only-note';
import { UploadForm } from './g2/upload-form';
import { UploadReport } from './g2/upload-report';
import { rowContext } from './row-context';
import { CountedListTable } from './table-region';

/** What the uploads list accepts from its URL. */
export const UPLOAD_LIST: ListSpec = {
  sortable: [],
  ...STANDARD_PAGING,
  filters: { status: G2_UPLOAD_STATUSES },
};

/** The parts of the screen: /g2-uploads lands on the first, /data-quality-investigation on the second. */
export const G2_SECTIONS = ['uploads', 'quality'] as const;
/** URL parameter of the part shown. */
export const SECTION_PARAM = 'section';
/** URL parameter of the upload whose report is open. */
export const UPLOAD_PARAM = 'upload';

const [OpenProvider, useOpen] = rowContext<(id: number) => void>(
  'OpenButton must be inside the uploads list.',
);

function OpenButton({ upload }: { upload: G2Upload }) {
  const open = useOpen();
  return (
    <Button variant="secondary" onClick={() => open(upload.id)}>
      Report <VisuallyHidden>of {upload.file_name}</VisuallyHidden>
    </Button>
  );
}

const COLUMNS: DataTableColumn<G2Upload>[] = [
  { id: 'file', header: 'File', rowHeader: true, cell: (u) => u.file_name },
  {
    id: 'period',
    header: 'Period',
    cell: (u) => `${u.period_start} to ${u.period_end}`,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (u) =>
      u.status === 'validating' && u.validation
        ? `Validating (${Math.round(u.validation.progress * 100)}%)`
        : UPLOAD_STATUS_LABELS[u.status],
  },
  {
    id: 'rows',
    header: 'Rows: valid / errors / warnings',
    cell: (u) =>
      `${formatNumber(u.totals.rows)}: ${formatNumber(u.totals.valid)} / ${formatNumber(u.totals.errors)} / ${formatNumber(u.totals.warnings)}`,
  },
  { id: 'weight', header: 'Weight', cell: (u) => kg(u.totals.weight_kg) },
  {
    id: 'uploaded',
    header: 'Uploaded',
    cell: (u) => formatDateTime(u.uploaded_at),
  },
  { id: 'open', header: 'Report', cell: (u) => <OpenButton upload={u} /> },
];

/** The uploads list, with the upload form (unless read-only) and the open upload's report. */
function Uploads({
  readOnly,
  onDone,
}: {
  readOnly: boolean;
  onDone: (text: string) => void;
}) {
  const searchParams = useSearchParams();
  const list = useListParams(UPLOAD_LIST, searchParams);
  const { state } = list;
  const uploads = useG2Uploads({
    status: state.filters['status'] as G2UploadStatus | undefined,
    page: state.page,
    pageSize: state.pageSize,
  });
  const { id: openId, setId: setOpen } = idParam(UPLOAD_PARAM, searchParams);
  const answer = uploads.data;
  return (
    <>
      {readOnly ? (
        <ReadOnlyNote scope={answer?.scope} subject="uploads" />
      ) : (
        <Panel title="Upload a partner file">
          <UploadForm
            onUploaded={(upload) => {
              onDone(
                `${upload.file_name} was uploaded; its rows are being checked.`,
              );
              setOpen(upload.id);
            }}
          />
        </Panel>
      )}
      {openId !== null ? (
        <UploadReport
          key={openId}
          id={openId}
          readOnly={readOnly}
          onClose={() => setOpen(null)}
          onDone={onDone}
        />
      ) : null}
      <Panel title="Uploads">
        <FilterBar
          label="Filter uploads"
          list={list}
          selects={[statusFilter(G2_UPLOAD_STATUSES, UPLOAD_STATUS_LABELS)]}
        />
        <OpenProvider value={setOpen}>
          <CountedListTable
            title="Uploads"
            counted="uploads"
            columns={COLUMNS}
            rows={answer?.uploads}
            list={list}
            spec={UPLOAD_LIST}
            answer={uploads}
            emptyText={noMatchText('upload')}
          />
        </OpenProvider>
      </Panel>
    </>
  );
}

/**
 * G2 Data Management (decisions D17; docs/decisions/0099): partner files
 * uploaded (with the share sent, then the validation's progress), their
 * validation reports with filters and CSV, commit, roll back and discard
 * behind confirmations; and the data-quality queue. `?section=uploads`
 * (/g2-uploads) and `?section=quality` (/data-quality-investigation)
 * choose the part shown. A brand admin (or a collective admin looking at
 * one member) reads the same parts over that member's rows, without any
 * control that writes.
 */
export default function G2DataManagementScreen() {
  const [params] = useSearchParams();
  const section =
    params.get(SECTION_PARAM) === 'quality' ? 'quality' : 'uploads';
  const [notice, setNotice] = useState<string | null>(null);
  const readOnly = useG2ReadOnly();
  return (
    <ScreenFrame>
      <nav aria-label="G2 data management" className={styles.sections}>
        <Link
          to={`?${SECTION_PARAM}=uploads`}
          aria-current={section === 'uploads' ? 'page' : undefined}
        >
          Uploads
        </Link>
        <Link
          to={`?${SECTION_PARAM}=quality`}
          aria-current={section === 'quality' ? 'page' : undefined}
        >
          Data-quality queue
        </Link>
      </nav>
      <div aria-live="polite">
        {notice ? <Alert tone="info">{notice}</Alert> : null}
      </div>
      {section === 'uploads' ? (
        <Uploads readOnly={readOnly} onDone={setNotice} />
      ) : (
        <QualityQueue readOnly={readOnly} onDone={setNotice} />
      )}
    </ScreenFrame>
  );
}
