import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';
import { CountSchema, dayText, oneOf } from './common-schemas';
import {
  DownloadTicketQuery,
  scopedAnswer,
  scopedQuery,
  SHIPMENT_STATUSES,
} from './data-schemas';
import { LOT_STATUSES } from './operations-schemas';

/*
 * Raw Data Export (decisions D18; docs/decisions/0100): a dataset, its
 * filters and the columns to include; a row count first, then the CSV
 * streamed by the server in constant memory, scoped like every read.
 */

/** The datasets of the raw export. */
export const EXPORT_DATASETS = [
  'shipments',
  'receipts',
  'material_lines',
  'lots',
  'stores',
] as const;
/** A dataset of the raw export. */
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

/** What the screen says about a dataset, and what the export may filter it by. */
export interface ExportDatasetInfo {
  label: string;
  /** What the period filters on, for people ("shipped", "received"…). */
  periodLabel: string;
  /** The statuses its `status` filter takes; empty: no status filter. */
  statuses: readonly string[];
  /** Its columns, in file order. */
  columns: readonly string[];
}

/**
 * Every dataset with its period, statuses and columns: the one list the
 * screen offers and the server accepts (a column outside it is a 400).
 */
export const EXPORT_DATASET_INFO = {
  shipments: {
    label: 'Shipments',
    periodLabel: 'Shipped',
    statuses: SHIPMENT_STATUSES,
    columns: [
      'id',
      'tracking_number',
      'store_id',
      'store',
      'member_id',
      'member',
      'channel',
      'status',
      'shipped_at',
      'delivered_at',
      'received_at',
      'declared_weight_kg',
      'net_kg',
    ],
  },
  receipts: {
    label: 'Receipts (warehouse weigh-ins)',
    periodLabel: 'Received',
    statuses: [],
    columns: [
      'shipment_id',
      'tracking_number',
      'store',
      'member_id',
      'member',
      'received_at',
      'gross_kg',
      'tare_kg',
      'net_kg',
      'contamination_kg',
      'sorted_kg',
      'unit',
      'scale_id',
      'received_by',
    ],
  },
  material_lines: {
    label: 'Material lines',
    periodLabel: 'Received',
    statuses: [],
    columns: [
      'shipment_id',
      'tracking_number',
      'member_id',
      'member',
      'material',
      'weight_kg',
      'in_lots_kg',
      'on_hand_kg',
      'received_at',
    ],
  },
  lots: {
    label: 'End-of-life lots',
    periodLabel: 'Created',
    statuses: LOT_STATUSES,
    columns: [
      'id',
      'member_id',
      'member',
      'material',
      'processor',
      'weight_kg',
      'status',
      'outcome',
      'certificate_ref',
      'confirmed_weight_kg',
      'created_at',
      'shipped_at',
      'confirmed_at',
    ],
  },
  stores: {
    label: 'Stores',
    periodLabel: 'Opened',
    statuses: ['active', 'inactive'],
    columns: [
      'id',
      'name',
      'member_id',
      'member',
      'city',
      'region',
      'address',
      'postal_code',
      'channel',
      'active',
      'opened_at',
      'last_heartbeat_at',
    ],
  },
} as const satisfies Record<ExportDataset, ExportDatasetInfo>;

/** Longest `columns` text: every column of the widest dataset, comma-separated. */
const MAX_COLUMNS_LENGTH = 400;

/** The filters of the export and its count. */
const exportFilters = {
  dataset: oneOf(EXPORT_DATASETS, 'dataset'),
  /** Rows whose period date (see the dataset) is on or after this day (UTC). */
  from: v.optional(dayText('from')),
  /** … on or before this day (UTC). */
  to: v.optional(dayText('to')),
  /** One of the dataset's statuses (a dataset without any refuses it). */
  status: v.optional(v.pipe(v.string(), v.maxLength(40))),
};

/** What the cross-field checks of the export read of its query. */
export interface CheckedQuery {
  dataset: ExportDataset;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  columns?: string | undefined;
}

/** The dataset's statuses, columns as plain text lists. */
const statusesOf = (dataset: ExportDataset): readonly string[] =>
  EXPORT_DATASET_INFO[dataset].statuses;
const columnsOf = (dataset: ExportDataset): readonly string[] =>
  EXPORT_DATASET_INFO[dataset].columns;

/** A problem of an export query: the field it is about and the sentence to show. */
export interface ExportQueryProblem {
  field: 'status' | 'from' | 'columns';
  message: string;
}

/**
 * What one field alone cannot check: the status belongs to the dataset,
 * the period runs forward, the columns are the dataset's. `null` when the
 * query is coherent.
 */
export function exportQueryProblem(
  query: CheckedQuery,
): ExportQueryProblem | null {
  const statuses = statusesOf(query.dataset);
  if (query.status !== undefined && !statuses.includes(query.status)) {
    return {
      field: 'status',
      message:
        statuses.length === 0
          ? `status does not apply to ${query.dataset}`
          : `status must be one of ${statuses.join(', ')} for ${query.dataset}`,
    };
  }
  if (
    query.from !== undefined &&
    query.to !== undefined &&
    query.from > query.to
  )
    return { field: 'from', message: 'from must be on or before to' };
  const unknown = query.columns
    ?.split(',')
    .filter((column) => !columnsOf(query.dataset).includes(column));
  if (unknown && unknown.length > 0) {
    return {
      field: 'columns',
      message: `columns ${unknown.join(', ')} are not columns of ${query.dataset}; its columns are ${columnsOf(query.dataset).join(', ')}`,
    };
  }
  return null;
}

const coherent = v.rawCheck<CheckedQuery>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const problem = exportQueryProblem(dataset.value);
  if (problem) {
    const input = dataset.value as unknown as Record<string, unknown>;
    addIssue({
      message: problem.message,
      path: [
        {
          type: 'object',
          origin: 'value',
          input,
          key: problem.field,
          value: input[problem.field],
        },
      ],
    });
  }
});

/** Query of GET /api/data-export/count: the dataset and its filters. */
export const DataExportCountQuerySchema = v.pipe(
  scopedQuery(exportFilters),
  coherent,
);

/** Query of GET /api/data-export: the count's, the columns and a download ticket. */
export const DataExportQuerySchema = v.pipe(
  scopedQuery({
    ...exportFilters,
    /** The columns to include, comma-separated, in file order; all of the dataset's when absent. */
    columns: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(
          MAX_COLUMNS_LENGTH,
          `columns must be at most ${MAX_COLUMNS_LENGTH} characters`,
        ),
        v.regex(
          /^[a-z_]+(,[a-z_]+)*$/,
          'columns must be column names separated by commas',
        ),
      ),
    ),
    download: DownloadTicketQuery,
  }),
  coherent,
);

/** Response of GET /api/data-export/count: how many rows the export would hold. */
export const DataExportCountSchema = scopedAnswer({
  dataset: v.picklist(EXPORT_DATASETS),
  count: CountSchema,
});
/** Response of GET /api/data-export/count. */
export type DataExportCount = v.InferOutput<typeof DataExportCountSchema>;

/** One row of the raw export: the chosen columns' values. */
export const DataExportRowSchema = v.record(
  v.string(),
  // nullable, not a union with v.null(): every valibot action used
  // anywhere lands in the sign-in entry (valibot is one module).
  v.nullable(v.union([v.string(), v.number(), v.boolean()])),
);

/**
 * The calls of Raw Data Export (its screen imports this table only). The
 * special brand user is refused both (403), as the screen is hidden from
 * them (specification §2).
 */
export const dataExportEndpoints = /* @__PURE__ */ named({
  dataExportCount: {
    method: 'GET',
    path: '/api/data-export/count',
    summary:
      'How many rows a raw data export of a dataset with these filters holds',
    resource: 'data-export',
    query: DataExportCountQuerySchema,
    response: DataExportCountSchema,
    auth: 'session',
    audience: 'admins',
    deniedToSpecialBrand: true,
    scoped: true,
  },
  dataExport: {
    method: 'GET',
    path: '/api/data-export',
    summary:
      'A dataset (shipments, receipts, material lines, lots, stores) in scope with the chosen columns, as a streamed CSV file',
    resource: 'data-export',
    query: DataExportQuerySchema,
    response: DataExportRowSchema,
    format: 'csv',
    auth: 'session',
    audience: 'admins',
    deniedToSpecialBrand: true,
    scoped: true,
  },
} as const satisfies Record<string, Endpoint>);
