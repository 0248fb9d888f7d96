/**
 * What the screen generator learns of a contract entry: whether its answer
 * is a page of rows, the columns a table of them can show, which list
 * parameters the query takes, and a sample answer for the screen's test.
 */
import type { Tree } from '@nx/devkit';
import {
  contractExports,
  pathParams,
  schemaFields,
  type ContractEntry,
  type SchemaField,
} from '../source/contract';

/** Query fields a list screen fills from its list state. */
const LIST_QUERY = ['search', 'sort', 'page', 'page_size'] as const;

/** Most columns a generated table has; those after {@link SHOWN_COLUMNS} start hidden. */
export const MAX_COLUMNS = 12;
/** Columns a generated table shows at first; the others are in its Columns chooser. */
export const SHOWN_COLUMNS = 5;

/** A value the screen shows: a column of a table, or a term of a description list. */
export interface ShownField {
  name: string;
  /** Its heading for people: `member_name` → `Member name`. */
  label: string;
  kind: 'text' | 'number' | 'date' | 'boolean';
  /** May be null or absent: shown as `–` then. */
  missing: boolean;
}

/** What the generator knows of an entry's answer and query. */
export interface EntryShape {
  /** The answer is one page of rows: `{ <rows>: [...], page, page_size, total }`. */
  list?: {
    rowsField: string;
    /** The row has a numeric or text `id`, its key in the table. */
    rowId: boolean;
    columns: ShownField[];
    /** Column ids the server sorts by (`sort` of the query), with the constant listing the sorts. */
    sort?: { ids: string[]; constant: string };
    search: boolean;
    /** Page sizes offered, the first the default. */
    pageSizes: number[];
  };
  /** For an answer that is not a list: its top-level values. */
  fields: ShownField[];
  /** The entry takes a query schema (its input needs `query`). */
  hasQuery: boolean;
  /** The path parameters it needs. */
  params: string[];
  /** The answer's fields, for the sample answer of the test. */
  response: SchemaField[];
}

/** `member_name` → `Member name`, `weightKg` → `Weight kg`. */
export function labelOf(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim();
  if (spaced === 'id') return 'Id';
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function shown(field: SchemaField): ShownField | undefined {
  if (
    field.kind !== 'text' &&
    field.kind !== 'number' &&
    field.kind !== 'date' &&
    field.kind !== 'boolean'
  )
    return undefined;
  return {
    name: field.name,
    label: labelOf(field.name),
    kind: field.kind,
    missing: field.nullable || field.optional,
  };
}

/**
 * Reads an entry's query and response schemas. Throws, saying what to do,
 * when the query has a required field a screen cannot fill, or the answer
 * is not an object schema the generator can read.
 */
export function analyzeEntry(tree: Tree, entry: ContractEntry): EntryShape {
  const response = schemaFields(tree, entry.response, entry.file);
  if (!response) {
    throw new Error(
      `The response schema of "${entry.name}" (${entry.response ?? 'none'}) is not a v.object({ … }) the generator can read; write the screen by hand, or give the entry an object schema.`,
    );
  }
  const query = entry.query
    ? (schemaFields(tree, entry.query, entry.file) ?? [])
    : [];
  const required = query.filter(
    (field) =>
      !field.optional &&
      field.name !== 'member_id' &&
      !(LIST_QUERY as readonly string[]).includes(field.name),
  );
  if (required.length > 0) {
    throw new Error(
      `The query of "${entry.name}" requires ${required.map((field) => field.name).join(', ')}, which a screen cannot know from its route; write its data hook by hand (libs/features/*/src/data/), or make ${required.length === 1 ? 'it' : 'them'} optional.`,
    );
  }
  const byName = new Map(query.map((field) => [field.name, field]));
  const fields = response.filter(
    (field) => field.name !== 'success' && field.kind !== 'scope',
  );
  const arrays = fields.filter(
    (field) => field.kind === 'array' && field.items !== undefined,
  );
  const isPage =
    arrays.length === 1 &&
    ['page', 'page_size', 'total'].every((name) =>
      response.some((field) => field.name === name),
    ) &&
    byName.has('page');
  const shape: EntryShape = {
    fields: fields.map(shown).filter((f): f is ShownField => f !== undefined),
    hasQuery: entry.query !== undefined,
    params: pathParams(entry.path),
    response,
  };
  if (!isPage) return shape;

  const rows = arrays[0] as SchemaField;
  const items = rows.items ?? [];
  const all = items.map(shown).filter((f): f is ShownField => f !== undefined);
  // Ids are for machines: a column only when the row has nothing else to show.
  const forPeople = all.filter(
    (field) => field.name !== 'id' && !/_id$/.test(field.name),
  );
  const columns = (forPeople.length > 0 ? forPeople : all).slice(
    0,
    MAX_COLUMNS,
  );
  const header =
    columns.find(
      (column) => column.name === 'name' && column.kind === 'text',
    ) ?? columns.find((column) => column.kind === 'text');
  if (header) {
    columns.splice(columns.indexOf(header), 1);
    columns.unshift(header);
  }
  const sortField = byName.get('sort');
  const sortIds = (sortField?.choices ?? [])
    .filter((choice) => !choice.startsWith('-'))
    .filter((choice) => columns.some((column) => column.name === choice));
  const exported =
    sortField?.choicesName !== undefined &&
    contractExports(tree, sortField.choicesName);
  const max = byName.get('page_size')?.max;
  const pageSizes = byName.has('page_size')
    ? [20, 50, 100].filter((size) => max === undefined || size <= max)
    : [];
  return {
    ...shape,
    list: {
      rowsField: rows.name,
      rowId: items.some(
        (field) =>
          field.name === 'id' &&
          (field.kind === 'number' || field.kind === 'text') &&
          !field.nullable,
      ),
      columns,
      ...(sortField && exported && sortIds.length > 0
        ? { sort: { ids: sortIds, constant: sortField.choicesName as string } }
        : {}),
      search: byName.has('search'),
      pageSizes: pageSizes.length > 0 ? pageSizes : [20],
    },
  };
}

/** The sample answer of the screen's test, as TypeScript source: every field of the schema filled. */
export function sampleAnswer(fields: SchemaField[], rows = 2): string {
  return objectSample(fields, 1, rows, '  ');
}

function objectSample(
  fields: SchemaField[],
  index: number,
  rows: number,
  indent: string,
): string {
  const lines = fields.map(
    (field) =>
      `${indent}  ${/^[A-Za-z_$][\w$]*$/.test(field.name) ? field.name : JSON.stringify(field.name)}: ${valueSample(field, index, rows, `${indent}  `)},`,
  );
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function valueSample(
  field: SchemaField,
  index: number,
  rows: number,
  indent: string,
): string {
  switch (field.kind) {
    case 'scope':
      return '{ member_id: null, member_name: null }';
    case 'text': {
      if (field.choices?.[0] !== undefined)
        return JSON.stringify(field.choices[0]);
      // The first text that matches the schema's patterns (a month, a date, a code…).
      const candidates = [
        `${labelOf(field.name || 'value')} ${index}`,
        `2026-${String(12 - index).padStart(2, '0')}`,
        `2026-11-${String(20 - index).padStart(2, '0')}`,
        new Date(Date.UTC(2026, 10, 20 - index, 8)).toISOString(),
        String(index),
        `${(field.name || 'value').toUpperCase().replace(/[^A-Z0-9]/g, '')}${index}`,
        `value-${index}`,
      ];
      const fits =
        candidates.find((text) =>
          (field.patterns ?? []).every((pattern) => pattern.test(text)),
        ) ?? candidates[0];
      return JSON.stringify(fits);
    }
    case 'number':
      if (field.name === 'page') return '1';
      if (field.name === 'page_size') return '20';
      if (field.name === 'total') return String(rows);
      return String(index);
    case 'date':
      return JSON.stringify(
        new Date(Date.UTC(2026, 10, 20 - index, 8)).toISOString(),
      );
    case 'boolean':
      return 'true';
    case 'array':
      if (!field.items) return '[]';
      return `[${Array.from({ length: rows }, (_, i) =>
        objectSample(field.items ?? [], i + 1, rows, indent),
      ).join(', ')}]`;
    case 'object':
      return field.items
        ? objectSample(field.items, index, rows, indent)
        : '{}';
    default:
      // Unknown to the generator: the test's type annotation shows what the contract wants here.
      return 'null';
  }
}
