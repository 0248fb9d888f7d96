/**
 * The state of a store, known from its city and region (docs/decisions/0102):
 * stores record a city and one of the programme's regions, not a state, so
 * the regional summary reads the state from this table of the programme's
 * cities. A store in a city not listed counts in its region under "state
 * not recorded" (`null`), never in a guessed state. When stores record
 * their state, the summary reads that column instead and this table goes.
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
