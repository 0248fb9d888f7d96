import * as v from 'valibot';
import { named, type Endpoint } from './endpoint';
import {
  answerSchema,
  CountSchema,
  IdSchema,
  IsoTimestampSchema,
  oneOf,
} from './common-schemas';
import {
  DownloadTicketQuery,
  PROGRAM_REGIONS,
  scopedQuery,
} from './data-schemas';
import { ShareSchema } from './figure-schemas';
import { idInput, JOB_STATUSES, JobIdParamsSchema } from './record-schemas';

/*
 * The report generator (decisions D14, D18; docs/decisions/0101): a
 * person picks a template, fills its parameters and runs it as a job on
 * the server; the run's files (CSV, XLSX and a printable page) are kept 7
 * days. The templates are data, here, once: the screen builds its form
 * from them and the server validates a run with the same schemas.
 */

/** The report templates, in the order the screen offers them. */
export const REPORT_TEMPLATES = [
  'member-impact',
  'store-summary',
  'state-material',
  'chain-of-custody',
] as const;
/** A report template. */
export type ReportTemplate = (typeof REPORT_TEMPLATES)[number];

/** A parameter a template takes besides the period (always asked). */
export type ReportParameter = 'member' | 'region';

/** What a person reads about a template, and which parameters it asks for. */
export interface ReportTemplateInfo {
  title: string;
  description: string;
  /** Besides the period: `member` (collective admins choose; brand users get their own), `region`. */
  parameters: readonly ReportParameter[];
}

/** Each template's title, description and parameters (the one place they are written). */
export const REPORT_TEMPLATE_INFO = {
  'member-impact': {
    title: 'Member impact report',
    description:
      'Month by month: shipments, units, collected weight, sorted weight, weight with a confirmed outcome, recycling and contamination rates.',
    parameters: ['member'],
  },
  'store-summary': {
    title: 'Store summary',
    description:
      'Each store of the scope with its shipments, units and collected weight over the period.',
    parameters: ['member', 'region'],
  },
  'state-material': {
    title: 'State × material (EPR filing)',
    description:
      'Collected weight per state and material for extended-producer-responsibility filings; unsorted residue has a row of its own so each state adds up to its collected weight.',
    parameters: ['member', 'region'],
  },
  'chain-of-custody': {
    title: 'End-of-life chain of custody',
    description:
      'Every material line drawn into an end-of-life lot: shipment, store, member, lot, processor, outcome and certificate.',
    parameters: ['member'],
  },
} as const satisfies Record<ReportTemplate, ReportTemplateInfo>;

/** The files a finished run offers, in the order the screen lists them. */
export const REPORT_FORMATS = ['csv', 'xlsx', 'html'] as const;
/** A file a finished run offers: CSV, XLSX, or the printable page (HTML). */
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The regions a report can be limited to: the programme's (D14). */
export const REPORT_REGIONS = PROGRAM_REGIONS;

/** The longest period a report covers, in months (three years). */
export const MAX_REPORT_MONTHS = 36;

/** Runs GET /api/reports lists at most. */
export const REPORT_RUNS_LIMIT = 100;

/** A month as `YYYY-MM`, named in its message. */
function monthField(name: string) {
  return v.pipe(
    v.string(`${name} must be a month as YYYY-MM`),
    v.regex(
      /^(20\d\d)-(0[1-9]|1[0-2])$/,
      `${name} must be a month as YYYY-MM, from 2000`,
    ),
  );
}

/** Months from `from` to `to`, both included (`YYYY-MM`); 0 or less when `to` is earlier. */
export function monthsInPeriod(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

const periodEntries = {
  /** First month of the period (UTC), `YYYY-MM`. */
  from: monthField('from'),
  /** Last month of the period, included. */
  to: monthField('to'),
};
/** Collective admins: the member to report on, or absent for the whole collective. Brand users always get their own. */
const memberEntry = { member_id: v.optional(idInput('member_id')) };
/** Only the stores of this region, or absent for every region. */
const regionEntry = { region: v.optional(oneOf(REPORT_REGIONS, 'region')) };

/**
 * Body of POST /api/reports: a template and its parameters. The period is
 * whole months, `from` ≤ `to`, at most {@link MAX_REPORT_MONTHS} months.
 */
export const RunReportSchema = v.pipe(
  v.variant(
    'template',
    [
      v.strictObject({
        template: v.literal('member-impact'),
        ...periodEntries,
        ...memberEntry,
      }),
      v.strictObject({
        template: v.literal('store-summary'),
        ...periodEntries,
        ...memberEntry,
        ...regionEntry,
      }),
      v.strictObject({
        template: v.literal('state-material'),
        ...periodEntries,
        ...memberEntry,
        ...regionEntry,
      }),
      v.strictObject({
        template: v.literal('chain-of-custody'),
        ...periodEntries,
        ...memberEntry,
      }),
    ],
    `template must be one of ${REPORT_TEMPLATES.join(', ')}`,
  ),
  // check, not partialCheck: every valibot action used anywhere lands in
  // the sign-in entry (valibot is one module); the period is checked once
  // the rest of the body is valid.
  v.forward(
    v.check(
      (body) => monthsInPeriod(body.from, body.to) >= 1,
      'to must be the same month as from or later',
    ),
    ['to'],
  ),
  v.forward(
    v.check(
      (body) => monthsInPeriod(body.from, body.to) <= MAX_REPORT_MONTHS,
      `the period must be at most ${MAX_REPORT_MONTHS} months`,
    ),
    ['to'],
  ),
);
/** A template and its parameters, as a person asks for a run. */
export type RunReport = v.InferOutput<typeof RunReportSchema>;

/** The parameters a run was made with, as the server resolved them (the member is the scope's). */
export const ReportParametersSchema = v.object({
  template: v.picklist(REPORT_TEMPLATES),
  from: v.string(),
  to: v.string(),
  /** The member reported on, `null` for the whole collective. */
  member_id: v.nullable(IdSchema),
  member_name: v.nullable(v.string()),
  region: v.nullable(v.string()),
});
/** The parameters a run was made with. */
export type ReportParameters = v.InferOutput<typeof ReportParametersSchema>;

/** A file of a finished run. */
export const ReportFileSchema = v.object({
  format: v.picklist(REPORT_FORMATS),
  bytes: CountSchema,
});

/** One run of a report, as its history lists it. */
export const ReportRunSchema = v.object({
  /** The run's job id (a UUID). */
  id: v.string(),
  parameters: ReportParametersSchema,
  status: v.picklist(JOB_STATUSES),
  /** 0 to 1, as last reported (1 once it succeeded). */
  progress: ShareSchema,
  note: v.nullable(v.string()),
  error: v.nullable(v.string()),
  /** Who asked for it. */
  requested_by: v.object({ id: IdSchema, name: v.string() }),
  created_at: IsoTimestampSchema,
  finished_at: v.nullable(IsoTimestampSchema),
  /** When the run and its files are removed (7 days after it ended), `null` while unfinished. */
  expires_at: v.nullable(IsoTimestampSchema),
  /** Data rows of the report once it succeeded (totals excluded). */
  rows: v.nullable(CountSchema),
  /** The files to download: empty unless it succeeded and has not expired. */
  files: v.array(ReportFileSchema),
});
/** One run of a report. */
export type ReportRun = v.InferOutput<typeof ReportRunSchema>;

/** Query of GET /api/reports: the data filter's member (collective admins). */
export const ReportRunsQuerySchema = scopedQuery();

/**
 * Response of GET /api/reports: the runs the caller sees, newest first (at
 * most {@link REPORT_RUNS_LIMIT}): a brand user's member's runs made by its
 * own users; for a collective admin every run, or the chosen member's.
 */
export const ReportRunsSchema = answerSchema({
  runs: v.array(ReportRunSchema),
});

/** Response of POST /api/reports, GET /api/reports/:id and its cancel. */
export const ReportRunResponseSchema = answerSchema({ run: ReportRunSchema });

/** Path of GET /api/reports/:id/files/:format. */
export const ReportFileParamsSchema = v.strictObject({
  id: JobIdParamsSchema.entries.id,
  format: oneOf(REPORT_FORMATS, 'format'),
});

/** Query of GET /api/reports/:id/files/:format: a browser's single-use download ticket. */
export const ReportFileQuerySchema = v.strictObject({
  download: DownloadTicketQuery,
});

/**
 * The access rule of every call of the report generator: admins' sessions,
 * and hidden for the special brand user (spec §2): refused with 403.
 */
const reportAccess = {
  resource: 'reports',
  auth: 'session',
  audience: 'admins',
  deniedToSpecialBrand: true,
} as const;

/**
 * The calls of the report generator (its screen imports this table, not
 * the `endpoints` aggregate), each under {@link reportAccess}.
 */
export const reportEndpoints = /* @__PURE__ */ named({
  reportRuns: {
    method: 'GET',
    path: '/api/reports',
    summary: 'Report runs the caller sees, newest first, with their files',
    query: ReportRunsQuerySchema,
    response: ReportRunsSchema,
    ...reportAccess,
    scoped: true,
  },
  runReport: {
    method: 'POST',
    path: '/api/reports',
    summary:
      'Run a report template as a job (a brand user always for their own member)',
    body: RunReportSchema,
    response: ReportRunResponseSchema,
    status: 201,
    ...reportAccess,
    audit: { entity: 'report', action: 'run' },
    idempotent: true,
  },
  reportRun: {
    method: 'GET',
    path: '/api/reports/:id',
    summary: 'One report run: status, progress, files',
    params: JobIdParamsSchema,
    response: ReportRunResponseSchema,
    ...reportAccess,
  },
  cancelReport: {
    method: 'POST',
    path: '/api/reports/:id/cancel',
    summary: 'Cancel a queued or running report run; it leaves no file',
    params: JobIdParamsSchema,
    response: ReportRunResponseSchema,
    ...reportAccess,
    audit: { entity: 'report', action: 'cancel' },
  },
  reportFile: {
    method: 'GET',
    path: '/api/reports/:id/files/:format',
    summary:
      "A finished run's file: CSV, XLSX or the printable page (a download event in the audit trail)",
    params: ReportFileParamsSchema,
    query: ReportFileQuerySchema,
    response: v.unknown(),
    format: 'file',
    ...reportAccess,
  },
} as const satisfies Record<string, Endpoint>);
