/**
 * Reading a G2 file (decisions D17; docs/decisions/0099): CSV with
 * csv-parse, XLSX with exceljs' streaming WorkbookReader, both as streams —
 * never the whole file in memory. The header names the columns (any order,
 * any case, the instructions' words or the snake_case ones); every data row
 * comes out as text cells, checked later by the validation job. A file that
 * cannot be read as a whole is refused with a sentence saying why.
 */
import { MAX_G2_UPLOAD_ROWS } from '@collective/api-client/contract';
import { CsvError, parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';
import { Refusal } from '../http/error-replies';
import { keepingZipEntries } from './zip-entries';

/** The cells of one data row of a G2 file, as text. */
export interface G2FileRow {
  /** The file's line: the header is row 1. */
  row: number;
  storeId: string;
  date: string;
  material: string;
  weight: string;
  name: string | null;
  address: string | null;
}

/** What a header cell may say for each field (compared lowercased, spaces and `_` alike). */
const HEADER_NAMES: Readonly<Record<string, keyof Omit<G2FileRow, 'row'>>> = {
  'store id': 'storeId',
  store: 'storeId',
  'partner store id': 'storeId',
  date: 'date',
  day: 'date',
  material: 'material',
  'weight (kg)': 'weight',
  'weight kg': 'weight',
  weight: 'weight',
  'store name': 'name',
  name: 'name',
  address: 'address',
  'store address': 'address',
};

const REQUIRED = ['storeId', 'date', 'material', 'weight'] as const;

/** Most columns a G2 file may have (a file of 100,000 columns is refused). */
export const MAX_G2_COLUMNS = 50;
/** Longest line of a CSV file, in characters. */
export const MAX_G2_RECORD_LENGTH = 16 * 1024;
/** Longest cell kept, in characters; longer text is cut (the report shows it). */
const MAX_CELL_LENGTH = 500;

function refuse(message: string): never {
  throw new Refusal(400, 'Unreadable file', message);
}

/**
 * Maps a header to the fields it holds: the index of each field's column.
 * Refuses a header lacking a required column or naming one twice.
 */
export function headerColumns(
  header: readonly string[],
): Partial<Record<keyof Omit<G2FileRow, 'row'>, number>> {
  if (header.length > MAX_G2_COLUMNS) {
    refuse(
      `The file has ${header.length.toLocaleString('en-US')} columns; a G2 file has at most ${MAX_G2_COLUMNS} (Store id, Date, Material, Weight (kg)).`,
    );
  }
  const columns: Partial<Record<keyof Omit<G2FileRow, 'row'>, number>> = {};
  header.forEach((cell, index) => {
    const key = cell
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase()
      .replace(/[_\s]+/g, ' ');
    const field = HEADER_NAMES[key];
    if (!field) return;
    if (columns[field] !== undefined) {
      refuse(
        `The header names "${cell.trim()}" more than once; give each column once.`,
      );
    }
    columns[field] = index;
  });
  const missing = REQUIRED.filter((field) => columns[field] === undefined);
  if (missing.length > 0) {
    refuse(
      'The first row must name the columns Store id, Date, Material and Weight (kg); ' +
        `this one lacks ${missing.map((m) => ({ storeId: 'Store id', date: 'Date', material: 'Material', weight: 'Weight (kg)' })[m]).join(', ')}.`,
    );
  }
  return columns;
}

const cut = (text: string) =>
  text.length > MAX_CELL_LENGTH ? text.slice(0, MAX_CELL_LENGTH) : text;

/** A data row of cells (by position) as a {@link G2FileRow}. */
function rowOf(
  row: number,
  cells: readonly string[],
  columns: ReturnType<typeof headerColumns>,
): G2FileRow {
  const at = (index: number | undefined) =>
    index === undefined ? '' : cut((cells[index] ?? '').trim());
  const optional = (index: number | undefined) =>
    index === undefined ? null : at(index) || null;
  return {
    row,
    storeId: at(columns.storeId),
    date: at(columns.date),
    material: at(columns.material),
    weight: at(columns.weight),
    name: optional(columns.name),
    address: optional(columns.address),
  };
}

function tooManyRows(): never {
  refuse(
    `The file has more than ${MAX_G2_UPLOAD_ROWS.toLocaleString('en-US')} rows; split it into smaller files.`,
  );
}

/**
 * The data rows of a CSV G2 file, read as a stream: UTF-8 (a byte-order
 * mark is dropped; UTF-16 is refused), comma separated, a header row. An
 * unclosed quote, a line longer than {@link MAX_G2_RECORD_LENGTH}, a NUL
 * byte or more than {@link MAX_G2_UPLOAD_ROWS} rows refuse the file.
 * Blank lines are skipped.
 */
export async function* readG2Csv(input: Readable): AsyncGenerator<G2FileRow> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_G2_RECORD_LENGTH,
  });
  let first = true;
  input.once('data', (chunk: Buffer) => {
    if (
      chunk.length >= 2 &&
      ((chunk[0] === 0xff && chunk[1] === 0xfe) ||
        (chunk[0] === 0xfe && chunk[1] === 0xff))
    ) {
      parser.destroy(
        new Refusal(
          400,
          'Unreadable file',
          'The file is UTF-16; save it as CSV UTF-8 (comma separated) and upload it again.',
        ),
      );
    }
  });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let columns: ReturnType<typeof headerColumns> = {};
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      if (record.some((cell) => cell.includes('\u0000'))) {
        refuse(`Row ${line} holds a NUL byte; this is not a text CSV file.`);
      }
      if (record.some((cell) => cell.includes('\uFFFD'))) {
        refuse(
          `Row ${line} is not UTF-8 text (Latin-1 or another encoding?); save the file as CSV UTF-8 and upload it again.`,
        );
      }
      if (first) {
        columns = headerColumns(record);
        first = false;
        continue;
      }
      if (record.length > MAX_G2_COLUMNS) {
        refuse(
          `Row ${line} has ${record.length} cells; a G2 row has at most ${MAX_G2_COLUMNS}.`,
        );
      }
      if (line - 1 > MAX_G2_UPLOAD_ROWS) tooManyRows();
      yield rowOf(line, record, columns);
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const quote = error.code === 'CSV_QUOTE_NOT_CLOSED';
      refuse(
        quote
          ? 'A quoted cell is never closed; check the quotes of the file.'
          : error.code === 'CSV_MAX_RECORD_SIZE'
            ? `A row is longer than ${MAX_G2_RECORD_LENGTH.toLocaleString('en-US')} characters; a G2 row is a few dozen.`
            : `The file is not a readable CSV: ${error.message.slice(0, 200)}`,
      );
    }
    throw error;
  } finally {
    input.unpipe(parser);
    input.resume();
  }
  if (first) refuse('The file is empty; it needs a header row and data rows.');
}

/** An XLSX cell's value as the text a CSV would hold. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as {
      formula?: string;
      sharedFormula?: string;
      richText?: { text: string }[];
      text?: string;
      error?: string;
    };
    // A formula is never evaluated: it stays its text, refused where a
    // number or a day is expected.
    if (cell.formula !== undefined) return `=${cell.formula}`;
    if (cell.sharedFormula !== undefined) return `=${cell.sharedFormula}`;
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if (typeof cell.text === 'string') return cell.text;
    if (cell.error !== undefined) return String(cell.error);
    return '';
  }
  return String(value);
}

/**
 * The data rows of the first sheet of an XLSX G2 file, read with exceljs'
 * streaming WorkbookReader (shared strings cached, styles and hyperlinks
 * ignored, external links never followed). Dates become `YYYY-MM-DD`,
 * formulas their text. The same row and column limits as a CSV.
 */
export async function* readG2Xlsx(input: Readable): AsyncGenerator<G2FileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    keepingZipEntries(input),
    {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    },
  );
  let columns: ReturnType<typeof headerColumns> | null = null;
  let rows = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row as unknown as { values: unknown[] }).values;
        if (values.length - 1 > MAX_G2_COLUMNS) {
          refuse(
            `Row ${row.number} has more than ${MAX_G2_COLUMNS} cells; a G2 row has four to six.`,
          );
        }
        const cells = values.slice(1).map(cellText);
        if (columns === null) {
          columns = headerColumns(cells);
          continue;
        }
        const date = columns.date;
        const serial = date === undefined ? undefined : values[date + 1];
        if (date !== undefined && typeof serial === 'number') {
          cells[date] = excelDay(serial);
        }
        if (cells.every((cell) => cell.trim() === '')) continue;
        rows += 1;
        if (rows > MAX_G2_UPLOAD_ROWS) tooManyRows();
        yield rowOf(row.number, cells, columns);
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    refuse(
      'The file is not a readable XLSX workbook; save it from your spreadsheet as .xlsx (or as CSV UTF-8) and upload it again.',
    );
  } finally {
    input.destroy();
  }
  if (columns === null)
    refuse(
      'The workbook’s first sheet is empty; it needs a header row and data rows.',
    );
}

/** Excel's day 0 (its 1900 date system, leap-year bug included), ms since 1970. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * A spreadsheet's day serial (styles are not read, so a date cell arrives
 * as its number) as `YYYY-MM-DD`; a serial that is no plausible day stays
 * its text, refused later as not a date.
 */
export function excelDay(serial: number): string {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) {
    return String(serial);
  }
  return new Date(EXCEL_EPOCH_MS + Math.floor(serial) * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

/** The format of a G2 file by its name, or `null` when it is neither CSV nor XLSX. */
export function g2FormatOf(fileName: string): 'csv' | 'xlsx' | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}
