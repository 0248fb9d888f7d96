import {
  DataExportCountQuerySchema,
  EXPORT_DATASET_INFO,
  EXPORT_DATASETS,
  exportQueryProblem,
  type ExportDataset,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import type { ExportChoice } from '../../data/data-export';

/** A calendar day as the date input gives it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The export chosen in the URL (`dataset`, `from`, `to`, `status`,
 * `columns`), every value checked: an unknown dataset is shipments, a
 * malformed day or a status the dataset lacks is dropped, unknown columns
 * are dropped, no `columns` means every column. Never throws.
 */
export function choiceFromSearch(search: URLSearchParams): ExportChoice {
  const asked = search.get('dataset');
  const dataset: ExportDataset = EXPORT_DATASETS.includes(
    asked as ExportDataset,
  )
    ? (asked as ExportDataset)
    : 'shipments';
  const info = EXPORT_DATASET_INFO[dataset];
  const day = (name: string) => {
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : undefined;
  };
  const status = search.get('status') ?? undefined;
  const all: readonly string[] = info.columns;
  const columns = search.get('columns');
  return {
    dataset,
    from: day('from'),
    to: day('to'),
    status:
      status !== undefined &&
      (info.statuses as readonly string[]).includes(status)
        ? status
        : undefined,
    columns:
      columns === null
        ? all
        : all.filter((column) => columns.split(',').includes(column)),
  };
}

/** The URL of a choice: defaults left out (every column is no `columns`). */
export function searchOfChoice(choice: ExportChoice): URLSearchParams {
  const search = new URLSearchParams({ dataset: choice.dataset });
  if (choice.from) search.set('from', choice.from);
  if (choice.to) search.set('to', choice.to);
  if (choice.status) search.set('status', choice.status);
  const all = EXPORT_DATASET_INFO[choice.dataset].columns;
  if (choice.columns.length !== all.length) {
    search.set('columns', choice.columns.join(','));
  }
  return search;
}

/** What is wrong with a choice before anything is asked of the server, or `null`. */
export function choiceProblem(choice: ExportChoice): string | null {
  if (choice.columns.length === 0) return 'Choose at least one column.';
  const period = periodProblems(choice);
  if (period.from ?? period.to) return period.from ?? period.to;
  const problem = exportQueryProblem({
    ...choice,
    columns: choice.columns.join(','),
  });
  return problem?.message ?? null;
}

/** What is wrong with each end of a period, or `null` for an end that is fine. */
export interface PeriodProblems {
  from: string | null;
  to: string | null;
}

/**
 * What is wrong with the period of a choice, field by field, before the
 * server is asked: a day the contract refuses (one that does not exist,
 * or a year outside 1900–2099, as a date input lets a user type), then a
 * period that ends before it starts, on its end.
 */
export function periodProblems({ from, to }: ExportChoice): PeriodProblems {
  const day = DataExportCountQuerySchema.entries.from;
  const refused = (text: string | undefined) =>
    text !== undefined && !v.is(day, text)
      ? 'Enter a day that exists, from 1900 to 2099.'
      : null;
  const problems = { from: refused(from), to: refused(to) };
  if (!problems.from && !problems.to && from && to && from > to)
    problems.to = 'The period must start on or before its end.';
  return problems;
}

/** A column's name for people: `net_kg` → "Net (kg)", `member_id` → "Member id". */
export function columnLabel(column: string): string {
  const kg = column.endsWith('_kg');
  const words = (kg ? column.slice(0, -3) : column).replaceAll('_', ' ');
  const text = words.charAt(0).toUpperCase() + words.slice(1);
  return kg ? `${text} (kg)` : text;
}
