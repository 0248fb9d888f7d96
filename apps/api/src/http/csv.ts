import { Readable } from 'node:stream';

/** Characters that make a spreadsheet read a cell as a formula (D18, OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
 * `@`, tab or CR) prefixed with `'`, so it reads as text (D18); other text
 * as is. CSV cells and XLSX cells (report runs) both go through it.
 */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One CSV cell (RFC 4180): text as is, numbers and booleans as written,
 * `null` empty; a cell a spreadsheet would run as a formula (starting with
 * `=`, `+`, `-`, `@`, tab or CR) is prefixed with `'`; a cell holding a
 * comma, quote or line break is quoted, its quotes doubled.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? defuseFormula(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line of `cells`, ended with CRLF. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** What a CSV export's handler returns: the file's name, its columns and its rows. */
export interface CsvExport<Row> {
  /** The download's file name, e.g. `stores-2026-11-24.csv`. */
  filename: string;
  /**
   * The columns in order: the header line names them. By default the
   * fields of the entry's row schema in the contract, in its order (the
   * route layer's); an export whose columns the caller chooses names them.
   */
  columns?: readonly (keyof Row & string)[];
  /** The rows, read as they are written (constant memory for any size). */
  rows: AsyncIterable<Row> | Iterable<Row>;
}

/**
 * The CSV file of an export as a stream: a UTF-8 byte-order mark (so
 * spreadsheets read accents right), the header line, then a line per row,
 * pulled from `rows` only as fast as the client reads.
 */
export function csvStream<Row>(
  file: CsvExport<Row> & { columns: readonly (keyof Row & string)[] },
): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(file.columns)}`;
    for await (const row of file.rows) {
      yield csvLine(file.columns.map((column) => row[column]));
    }
  }
  return Readable.from(lines());
}
