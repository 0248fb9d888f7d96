/**
 * The state of a store, known from its city and region (docs/decisions/0102):
 * stores record a city and one of the programme's regions, not a state, so
 * the regional summary and the reports (state × material, store summary;
 * docs/decisions/0101) read the state from this one table of the
 * programme's cities. A store in a city not listed counts in its region
 * under "state not recorded" (`null`; the reports say "Unknown"), never in
 * a guessed state. When stores record their state, the queries read that
 * column instead and this table goes.
 */
import type { STORE_REGIONS } from '@collective/api-client/contract';

/** One of the programme's regions. */
type ProgramRegion = (typeof STORE_REGIONS)[number];

/** City, region and two-letter state code of each city the programme has stores in. */
export const CITY_STATES: readonly (readonly [
  city: string,
  region: ProgramRegion,
  state: string,
])[] = [
  ['Portland', 'West', 'OR'],
  ['Seattle', 'West', 'WA'],
  ['San Francisco', 'West', 'CA'],
  ['Los Angeles', 'West', 'CA'],
  ['San Diego', 'West', 'CA'],
  ['Sacramento', 'West', 'CA'],
  ['Denver', 'Mountain', 'CO'],
  ['Salt Lake City', 'Mountain', 'UT'],
  ['Boise', 'Mountain', 'ID'],
  ['Phoenix', 'Mountain', 'AZ'],
  ['Albuquerque', 'Mountain', 'NM'],
  ['Las Vegas', 'Mountain', 'NV'],
  ['Chicago', 'Midwest', 'IL'],
  ['Minneapolis', 'Midwest', 'MN'],
  ['Detroit', 'Midwest', 'MI'],
  ['Columbus', 'Midwest', 'OH'],
  ['Milwaukee', 'Midwest', 'WI'],
  ['St. Louis', 'Midwest', 'MO'],
  ['Kansas City', 'Midwest', 'MO'],
  ['Indianapolis', 'Midwest', 'IN'],
  ['Austin', 'South', 'TX'],
  ['Houston', 'South', 'TX'],
  ['Dallas', 'South', 'TX'],
  ['Atlanta', 'South', 'GA'],
  ['Miami', 'South', 'FL'],
  ['Nashville', 'South', 'TN'],
  ['Charlotte', 'South', 'NC'],
  ['New Orleans', 'South', 'LA'],
  ['Boston', 'Northeast', 'MA'],
  ['New York', 'Northeast', 'NY'],
  ['Philadelphia', 'Northeast', 'PA'],
  ['Pittsburgh', 'Northeast', 'PA'],
  ['Providence', 'Northeast', 'RI'],
  ['Baltimore', 'Northeast', 'MD'],
  ['Portland', 'Northeast', 'ME'],
];

/** {@link CITY_STATES} as three parallel arrays, the parameters of an `unnest` join. */
export const CITY_STATE_COLUMNS: readonly [string[], string[], string[]] = [
  CITY_STATES.map(([city]) => city),
  CITY_STATES.map(([, region]) => region),
  CITY_STATES.map(([, , state]) => state),
];

const STATE_BY_CITY_AND_REGION = new Map(
  CITY_STATES.map(([city, region, state]) => [`${city}\n${region}`, state]),
);

/** The state code of a store in `city` and `region`, or `null` when the table does not list them. */
export function stateOf(city: string, region: string): string | null {
  return STATE_BY_CITY_AND_REGION.get(`${city}\n${region}`) ?? null;
}
