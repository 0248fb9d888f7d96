/**
 * The US state of a store, for the state × material report (decisions D18,
 * docs/decisions/0101). Stores keep a city and a region, not a state: the
 * programme's cities map to one state each. A city outside this table
 * (typed in by hand on Stores & Inventory Management) reports as "Unknown"
 * rather than a guess, so a filing shows what is not attributed.
 */

/** The programme's store cities and their state codes (the seed's cities). */
export const STORE_CITY_STATES: readonly (readonly [
  city: string,
  state: string,
])[] = [
  ['Portland', 'OR'],
  ['Seattle', 'WA'],
  ['San Francisco', 'CA'],
  ['Los Angeles', 'CA'],
  ['San Diego', 'CA'],
  ['Sacramento', 'CA'],
  ['Denver', 'CO'],
  ['Salt Lake City', 'UT'],
  ['Boise', 'ID'],
  ['Phoenix', 'AZ'],
  ['Albuquerque', 'NM'],
  ['Chicago', 'IL'],
  ['Minneapolis', 'MN'],
  ['Detroit', 'MI'],
  ['Columbus', 'OH'],
  ['Milwaukee', 'WI'],
  ['St. Louis', 'MO'],
  ['Kansas City', 'MO'],
  ['Austin', 'TX'],
  ['Houston', 'TX'],
  ['Dallas', 'TX'],
  ['Atlanta', 'GA'],
  ['Miami', 'FL'],
  ['Nashville', 'TN'],
  ['Charlotte', 'NC'],
  ['New Orleans', 'LA'],
  ['Boston', 'MA'],
  ['New York', 'NY'],
  ['Philadelphia', 'PA'],
  ['Pittsburgh', 'PA'],
  ['Providence', 'RI'],
  ['Baltimore', 'MD'],
];

const BY_CITY = new Map(STORE_CITY_STATES);

/** The state code of a store's city, or "Unknown". */
export function stateOfCity(city: string): string {
  return BY_CITY.get(city) ?? 'Unknown';
}
