import * as v from 'valibot';

/*
 * Building blocks every group of the contract's schemas uses: a record id,
 * a timestamp, the frame of every JSON answer, the paging and the sort
 * orders of a list.
 * Internal to the contract; the entry exports the schemas built from them.
 *
 * valibot is one module, kept in the sign-in page's entry chunk with every
 * action any lazy schema uses (decisions 0027): lazy schemas say `check`,
 * `regex` and `transform`, which the entry has anyway, rather than
 * `gtValue`, `finite`, `isoTimestamp`, `uuid` or `toUpperCase`, with the
 * same messages.
 */

/** A record id in a JSON answer: a whole number from 1. */
export const IdSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/** A moment in a JSON answer, as ISO 8601 text. */
export const IsoTimestampSchema = v.pipe(
  v.string(),
  v.regex(v.ISO_TIMESTAMP_REGEX, 'expected an ISO 8601 timestamp'),
);

/**
 * A moment asked for in a query, as ISO 8601 text naming a real moment
 * (valibot's pattern lets through offsets such as -22:41, which no clock
 * has) on a day that exists in the {@link dayText} years 1900–2099:
 * refused with `message` otherwise.
 */
export const IsoTimestampText = (message: string) =>
  v.pipe(
    v.string(),
    v.regex(v.ISO_TIMESTAMP_REGEX, message),
    v.check(
      (text) =>
        /^(19|20)/.test(text) &&
        isExistingDay(text.slice(0, 10)) &&
        Number.isFinite(Date.parse(text)),
      message,
    ),
  );

/** A weight in kilograms in a JSON answer. */
export const KgSchema = v.pipe(v.number(), v.minValue(0));

/** A count in a JSON answer: a whole number from 0. */
export const CountSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * A JSON answer of the API: its own `entries` and the `success` flag any
 * answer may carry (specification §7).
 */
export function answerSchema<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
) {
  return v.object({ success: v.optional(v.boolean()), ...entries });
}

/**
 * The paging of one page of a list answer: its number and size, both from
 * 1, and how many items match on all pages.
 */
export const pageEntries = {
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  page_size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
};

/**
 * One of `values`, refused with "`name` must be one of …" naming them all:
 * a filter, sort or field that takes a fixed set of words.
 */
export function oneOf<const TValues extends v.PicklistOptions>(
  values: TValues,
  name: string,
) {
  return v.picklist(values, `${name} must be one of ${values.join(', ')}`);
}

/** A list's order by one of its `TColumn`s: the column's name ascending, with a leading `-` descending. */
export type SortOrder<TColumn extends string> = TColumn | `-${TColumn}`;

/**
 * The sort orders a list offers: each of `columns` ascending, then
 * descending, column by column (`sortOrders(['name', 'city'])` is
 * `['name', '-name', 'city', '-city']`), for {@link oneOf}'s `sort`.
 */
export function sortOrders<const TColumn extends string>(
  columns: readonly TColumn[],
): readonly SortOrder<TColumn>[] {
  return columns.flatMap((column) => [column, `-${column}` as const]);
}

/**
 * Text a person types that must not be empty: trimmed, then refused when
 * empty or longer than `maxLength`, each message naming the field `name`.
 */
export function requiredText(name: string, maxLength: number) {
  return v.pipe(
    v.string(`${name} must be a string`),
    v.trim(),
    v.nonEmpty(`${name} is required`),
    v.maxLength(maxLength, `${name} must be at most ${maxLength} characters`),
  );
}

/**
 * A whole number sent in a JSON body, from `min` to `max`, refused
 * otherwise with messages naming the field `name`; `notNumber` is the
 * message for a value that is no number at all.
 */
export function wholeNumberInput(
  name: string,
  min: number,
  max: number,
  notNumber = `${name} must be a number`,
) {
  return v.pipe(
    v.number(notNumber),
    v.integer(`${name} must be a whole number`),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );
}

/**
 * The `search` of a list's query: optional text of at most `maxLength`
 * characters, refused beyond with a message naming the limit.
 */
export function searchQuery(maxLength: number) {
  return v.optional(
    v.pipe(
      v.string(),
      v.maxLength(maxLength, `search must be at most ${maxLength} characters`),
    ),
  );
}

/**
 * Whether `text` (`YYYY-MM-DD`) names a day that exists: false for
 * 2026-02-30, and for text that is no date at all, without throwing
 * (valibot runs a pipe's checks after an earlier one failed).
 */
export function isExistingDay(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

/**
 * The first and last day the contract takes in a query or a body (a date
 * input's `min` and `max`): every day between is one PostgreSQL reads (it
 * has no year 0), and the year after it still has four digits.
 */
export const CALENDAR_DAYS = {
  first: '1900-01-01',
  last: '2099-12-31',
} as const;

/**
 * A calendar day asked for in a query or a body, `YYYY-MM-DD`: a day that
 * exists (not 2026-02-30) within {@link CALENDAR_DAYS}, refused with
 * sentences naming `name`.
 */
export const dayText = (name: string) =>
  v.pipe(
    v.string(`${name} must be a date`),
    v.isoDate(`${name} must be a date as YYYY-MM-DD, like 2026-10-01`),
    v.check(
      (text) =>
        text >= CALENDAR_DAYS.first &&
        text <= CALENDAR_DAYS.last &&
        isExistingDay(text),
      `${name} must be a day that exists, from 1900 to 2099, like 2026-10-01`,
    ),
  );

/** A month asked for in a query, `YYYY-MM` in the {@link dayText} years 1900–2099, refused with `message`. */
export const monthText = (message: string) =>
  v.pipe(v.string(), v.regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, message));
