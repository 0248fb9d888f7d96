/**
 * A report run's files (decisions D18, docs/decisions/0101): CSV, XLSX
 * (exceljs's streaming writer) and a printable HTML page for PDF. Every
 * text cell that a spreadsheet would run as a formula is defused the same
 * way in CSV and XLSX (`defuseFormula`); every value on the page is
 * escaped, and the page runs no script (its policy allows its one style).
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportFormat } from '@collective/api-client/contract';
import { sha256Source } from '../dashboard/page-policy';
import { csvLine, defuseFormula } from '../http/csv';
import { helmetHeaders } from '../http/security-headers';
import { escapeHtml } from '../mailback/mailback-page';
import type { ReportColumn, ReportRow } from './report-definitions';

/** Rows the printable page shows at most; the CSV and XLSX hold every row. */
export const PRINTABLE_ROW_LIMIT = 2_000;

/** What every file of a run is made from. */
export interface ReportContent {
  /** The run's title, e.g. "Store summary · Kiehl's · 2026-01 to 2026-06". */
  title: string;
  /** When the figures were read, ISO 8601. */
  generatedAt: string;
  columns: readonly ReportColumn[];
  rows: readonly ReportRow[];
  /** The total row (weights and counts summed, rates recomputed). */
  total: ReportRow;
}

/** The media type of each format. */
export const REPORT_MEDIA_TYPES: Readonly<Record<ReportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html; charset=utf-8',
};

/** The CSV file: a byte-order mark, the column keys, a line per row, then the total. */
export function reportCsv(content: ReportContent): Buffer {
  const keys = content.columns.map((column) => column.key);
  const lines = [`\uFEFF${csvLine(keys)}`];
  for (const row of [...content.rows, content.total]) {
    lines.push(csvLine(keys.map((key) => row[key])));
  }
  return Buffer.from(lines.join(''), 'utf8');
}

/** An XLSX cell's value: numbers stay numbers, text is defused. */
function xlsxValue(
  value: ReportRow[string] | undefined,
): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  return defuseFormula(String(value));
}

const NUMBER_FORMATS: Readonly<Record<ReportColumn['kind'], string | null>> = {
  text: null,
  kg: '#,##0.000',
  count: '#,##0',
  rate: '0.00%',
};

/**
 * The XLSX workbook, written row by row with exceljs's streaming writer:
 * one sheet with the title, the column names, the rows and the total.
 */
export async function reportXlsx(content: ReportContent): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.created = new Date(content.generatedAt);
  const sheet = workbook.addWorksheet('Report');
  sheet.columns = content.columns.map((column) => ({
    key: column.key,
    width: Math.min(40, Math.max(10, column.label.length + 2)),
    ...(NUMBER_FORMATS[column.kind]
      ? { style: { numFmt: NUMBER_FORMATS[column.kind] as string } }
      : {}),
  }));
  sheet.addRow([defuseFormula(content.title)]).commit();
  sheet.addRow([`Generated ${content.generatedAt}`]).commit();
  const header = sheet.addRow(
    content.columns.map((column) => defuseFormula(column.label)),
  );
  header.font = { bold: true };
  header.commit();
  for (const row of content.rows) {
    sheet
      .addRow(content.columns.map((column) => xlsxValue(row[column.key])))
      .commit();
  }
  const total = sheet.addRow(
    content.columns.map((column) => xlsxValue(content.total[column.key])),
  );
  total.font = { bold: true };
  total.commit();
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

const KG = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
});
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const RATE = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});

/** A value as the printable page shows it (escaped by the caller). */
function shown(
  kind: ReportColumn['kind'],
  value: ReportRow[string] | undefined,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (kind === 'kg') return KG.format(value);
    if (kind === 'count') return COUNT.format(value);
    if (kind === 'rate') return RATE.format(value);
  }
  return String(value);
}

/** The printable page's style: readable on screen, tight on paper. */
export const PRINTABLE_STYLE = `
:root{color-scheme:light}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff;margin:1.5rem}
h1{font-size:1.35rem;margin:0 0 .25rem}
p{margin:.25rem 0 1rem;color:#444}
.hint{font-size:.875rem}
.wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #999;padding:.3rem .45rem;text-align:left;vertical-align:top}
td.n,th.n{text-align:right}
thead th{background:#eee}
tfoot td{font-weight:700;background:#f4f4f4}
@media print{
  body{margin:0;font-size:10pt}
  .hint{display:none}
  .wrap{overflow:visible}
  thead{display:table-header-group}
  tfoot{display:table-footer-group}
  tr{break-inside:avoid}
  @page{size:landscape;margin:12mm}
}
`;

/** Headers of the printable page: no script at all, its one style allowed by hash, never framed. */
export const PRINTABLE_HEADERS: Record<string, string> = {
  ...helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: [sha256Source(PRINTABLE_STYLE)],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  }),
};

/**
 * The printable page (print it to PDF from the browser): the title, when it
 * was generated, a table of at most {@link PRINTABLE_ROW_LIMIT} rows with
 * the total as its footer. Every value is escaped.
 */
export function reportHtml(content: ReportContent): Buffer {
  const numeric = (column: ReportColumn) =>
    column.kind === 'text' ? '' : ' class="n"';
  const cells = (row: ReportRow) =>
    content.columns
      .map(
        (column) =>
          `<td${numeric(column)}>${escapeHtml(shown(column.kind, row[column.key]))}</td>`,
      )
      .join('');
  const shownRows = content.rows.slice(0, PRINTABLE_ROW_LIMIT);
  const cut =
    content.rows.length > shownRows.length
      ? `<p>This page shows the first ${COUNT.format(shownRows.length)} of ${COUNT.format(content.rows.length)} rows; the CSV and XLSX files hold them all. The total is of every row.</p>`
      : '';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)}</title>
<style>${PRINTABLE_STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(content.title)}</h1>
<p>Generated ${escapeHtml(content.generatedAt.replace('T', ' ').slice(0, 16))} UTC · ${COUNT.format(content.rows.length)} rows</p>
<p class="hint">To save it as a PDF, print this page (Ctrl+P or ⌘P) and choose “Save as PDF”.</p>
${cut}
<div class="wrap">
<table>
<caption>${escapeHtml(content.title)}</caption>
<thead><tr>${content.columns.map((column) => `<th scope="col"${numeric(column)}>${escapeHtml(column.label)}</th>`).join('')}</tr></thead>
<tbody>
${shownRows.map((row) => `<tr>${cells(row)}</tr>`).join('\n')}
</tbody>
<tfoot><tr>${cells(content.total)}</tr></tfoot>
</table>
</div>
</main>
</body>
</html>
`;
  return Buffer.from(html, 'utf8');
}
