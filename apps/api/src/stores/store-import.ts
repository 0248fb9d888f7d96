/**
 * The stores CSV import (docs/decisions/0095): the file read as a stream
 * with csv-parse, its header checked, each row validated by the pure
 * {@link validateImportRow} against the contract's create schema, and a
 * row-by-row report. Nothing here writes; the routes save the valid stores
 * only when the whole file is clean.
 */
import {
  CreateStoreSchema,
  MAX_STORE_IMPORT_RECORD_LENGTH,
  MAX_STORE_IMPORT_ROWS,
  STORE_IMPORT_OPTIONAL_COLUMNS,
  STORE_IMPORT_REQUIRED_COLUMNS,
  type CreateStore,
  type StoreImportIssue,
} from '@collective/api-client/contract';
import { CsvError, parse } from 'csv-parse';
import type { Readable } from 'node:stream';
import * as v from 'valibot';
import { Refusal } from '../http/error-replies';

/** Every column an import file may have. */
const KNOWN_COLUMNS: ReadonlySet<string> = new Set([
  ...STORE_IMPORT_REQUIRED_COLUMNS,
  ...STORE_IMPORT_OPTIONAL_COLUMNS,
]);

/** The columns holding whole numbers, with the value an empty cell means. */
const NUMBER_DEFAULTS: Readonly<Record<string, number>> = {
  bin_boxes: 0,
  bin_boxes_reorder_at: 4,
  liners: 0,
  liners_reorder_at: 20,
  labels: 0,
  labels_reorder_at: 10,
};

/** Longest cell value a report repeats back. */
const MAX_REPORTED_VALUE = 200;

/** A member a row may name by its code. */
export interface ImportMember {
  id: number;
  name: string;
  status: string;
}

/**
 * Checks an import file's header: every required column, no unknown or
 * repeated one. Returns the sentence that refuses the file, or `null`.
 */
export function headerProblem(header: readonly string[]): string | null {
  const names = header.map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !KNOWN_COLUMNS.has(name));
  if (unknown.length > 0) {
    return `The header has unknown column(s) ${unknown.map((n) => `"${n.slice(0, 40)}"`).join(', ')}; the columns are ${[...KNOWN_COLUMNS].join(', ')}.`;
  }
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) {
    return `The header names ${[...new Set(repeated)].join(', ')} more than once; give each column once.`;
  }
  const missing = STORE_IMPORT_REQUIRED_COLUMNS.filter(
    (name) => !names.includes(name),
  );
  if (missing.length > 0) {
    return `The header lacks the required column(s) ${missing.join(', ')}; the first line must name the columns, e.g. ${STORE_IMPORT_REQUIRED_COLUMNS.join(',')}.`;
  }
  return null;
}

const shown = (value: string) =>
  value.length > MAX_REPORTED_VALUE
    ? `${value.slice(0, MAX_REPORTED_VALUE)}…`
    : value;

/**
 * Validates one data row of an import file (`cells` by column name, as
 * text) with the contract's create schema. A cell is only ever text: one
 * that looks like a formula (`=1+2`) stays that text, and is refused where
 * a number is expected. Empty optional cells take their defaults (status
 * active, no contact, 0 supplies, the usual reorder points). Returns the
 * store the row makes, or the row's issues, each naming its column.
 */
export function validateImportRow(
  row: number,
  cells: Readonly<Record<string, string>>,
  members: ReadonlyMap<string, ImportMember>,
):
  | { store: CreateStore; issues: [] }
  | { store: null; issues: StoreImportIssue[] } {
  const issues: StoreImportIssue[] = [];
  const issue = (column: string, message: string) =>
    issues.push({ row, column, value: shown(cells[column] ?? ''), message });

  const code = (cells['member_code'] ?? '').trim().toUpperCase();
  const member = members.get(code);
  if (!code) issue('member_code', 'member_code is required');
  else if (!member)
    issue('member_code', `There is no member with the code ${shown(code)}.`);
  else if (member.status === 'deactivated')
    issue('member_code', `${member.name} is deactivated; it opens no stores.`);

  const input: Record<string, unknown> = { member_id: member?.id ?? 1 };
  for (const column of KNOWN_COLUMNS) {
    if (column === 'member_code') continue;
    const text = cells[column] ?? '';
    if (column in NUMBER_DEFAULTS) {
      const trimmed = text.trim();
      if (trimmed === '') input[column] = NUMBER_DEFAULTS[column];
      else if (/^\d{1,9}$/.test(trimmed)) input[column] = Number(trimmed);
      else {
        issue(column, `${column} must be a whole number from 0, like 12`);
        input[column] = NUMBER_DEFAULTS[column];
      }
    } else if (column === 'status') {
      input[column] = text.trim().toLowerCase() || 'active';
    } else if (column === 'region') {
      const trimmed = text.trim().toLowerCase();
      input[column] = REGION_BY_LOWER.get(trimmed) ?? text.trim();
    } else if (column === 'channel') {
      input[column] = text.trim().toLowerCase();
    } else {
      input[column] = text;
    }
  }
  const checked = v.safeParse(CreateStoreSchema, input);
  if (!checked.success) {
    for (const problem of checked.issues) {
      const column = String(problem.path?.[0]?.key ?? '');
      if (issues.some((known) => known.column === column)) continue;
      issue(column, problem.message);
    }
  }
  if (issues.length > 0 || !checked.success) return { store: null, issues };
  return { store: checked.output, issues: [] };
}

/** The regions by their lower-case spelling, so `west` reads as `West`. */
const REGION_BY_LOWER: ReadonlyMap<string, string> = new Map(
  CreateStoreSchema.entries.region.options.map(
    (region) => [region.toLowerCase(), region] as const,
  ),
);

/** What reading an import file found. */
export interface ImportReading {
  /** Data rows read (the header not counted). */
  rows: number;
  /** Every problem, row by row. */
  issues: StoreImportIssue[];
  /** The valid rows' stores, with their row numbers. */
  stores: { row: number; store: CreateStore }[];
}

/** A file refused as a whole, as the client should hear it. */
function refused(status: number, message: string): never {
  throw new Refusal(
    status,
    status === 413 ? 'File too large' : 'File refused',
    message,
  );
}

/** The sentence for csv-parse's error on a malformed file. */
function csvProblem(error: CsvError): string {
  const line = (error as { lines?: number }).lines;
  const at = line ? ` (line ${line})` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `The file has a quote that is never closed${at}; close every quoted cell with a " before the end of the file.`;
    case 'CSV_MAX_RECORD_SIZE':
      return `A row is longer than ${MAX_STORE_IMPORT_RECORD_LENGTH} characters${at}; a store's row is far shorter, so the file is not a store list.`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `A quoted cell has text after its closing quote${at}; write a quote inside a quoted cell as "".`;
    default:
      return `The file is not a readable CSV${at}: ${error.message}`;
  }
}

/**
 * Reads an import file from `file` (UTF-8 CSV, a header line first) as a
 * stream, in constant memory per row, and checks it row by row: the header
 * ({@link headerProblem}), each row ({@link validateImportRow}), a store
 * named twice in the file, and a store its member already has
 * (`existing(memberId, lowerName)` → that store's id). A file that is not
 * a store list (no header, an unclosed quote, a huge row, a NUL byte, more
 * than {@link MAX_STORE_IMPORT_ROWS} rows) is refused as a whole with a
 * {@link Refusal}; size limits of the upload itself are the caller's.
 */
export async function readImportFile(
  file: Readable,
  members: ReadonlyMap<string, ImportMember>,
  existing: (memberId: number, lowerName: string) => number | undefined,
): Promise<ImportReading> {
  const parser = parse({
    bom: true,
    max_record_size: MAX_STORE_IMPORT_RECORD_LENGTH,
    relax_column_count: true,
    skip_empty_lines: true,
    cast: false,
  });
  const source = file.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let header: string[] | null = null;
  const reading: ImportReading = { rows: 0, issues: [], stores: [] };
  const seen = new Map<string, number>();
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const line = (parser.info as { lines: number }).lines;
      if (record.some((cell) => cell.includes('\u0000'))) {
        refused(
          400,
          `The file holds a NUL byte (line ${line}); send a text CSV file.`,
        );
      }
      if (header === null) {
        const problem = headerProblem(record);
        if (problem) refused(400, problem);
        header = record.map((name) => name.trim().toLowerCase());
        continue;
      }
      reading.rows += 1;
      if (reading.rows > MAX_STORE_IMPORT_ROWS) {
        refused(
          413,
          `The file has more than ${MAX_STORE_IMPORT_ROWS} stores; split it into files of at most ${MAX_STORE_IMPORT_ROWS} rows.`,
        );
      }
      const row = reading.rows + 1;
      if (record.length !== header.length) {
        reading.issues.push({
          row,
          column: '',
          value: shown(record.join(',')),
          message: `The row has ${record.length} cells, the header ${header.length}; each row needs a cell per column (empty ones too).`,
        });
        continue;
      }
      const cells = Object.fromEntries(
        header.map((name, index) => [name, record[index] ?? '']),
      );
      const result = validateImportRow(row, cells, members);
      if (!result.store) {
        reading.issues.push(...result.issues);
        continue;
      }
      const { store } = result;
      const key = `${store.member_id}|${store.name.toLowerCase()}`;
      const earlier = seen.get(key);
      const held = existing(store.member_id, store.name.toLowerCase());
      if (earlier !== undefined) {
        reading.issues.push({
          row,
          column: 'name',
          value: shown(store.name),
          message: `Row ${earlier} already has this member's store of that name; give each store once.`,
        });
      } else if (held !== undefined) {
        reading.issues.push({
          row,
          column: 'name',
          value: shown(store.name),
          message: `This member already has a store of that name (store ${held}); edit that store instead.`,
        });
      } else {
        seen.set(key, row);
        reading.stores.push({ row, store });
      }
    }
  } catch (error) {
    parser.destroy();
    source.unpipe(parser);
    source.resume();
    if (error instanceof CsvError) refused(400, csvProblem(error));
    throw error;
  }
  if (header === null) {
    refused(
      400,
      `The file is empty; its first line must name the columns, e.g. ${STORE_IMPORT_REQUIRED_COLUMNS.join(',')}.`,
    );
  }
  return reading;
}
