import type { Database } from './database';

/** Where the data lives: a PostgreSQL server, or else the embedded PGlite directory. */
export interface DatabaseLocation {
  /** PostgreSQL connection URL; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://`. */
  pgliteDataDir: string;
}

/**
 * Opens PostgreSQL when a URL is given and embedded PGlite otherwise. Each
 * driver is loaded only when used, so a PostgreSQL deployment never loads the
 * WebAssembly engine.
 */
export async function openDatabase(
  location: DatabaseLocation,
  onIdleError?: (error: Error) => void,
): Promise<Database> {
  if (location.databaseUrl) {
    const { openPostgresDatabase } = await import('./postgres-database');
    return openPostgresDatabase({
      connectionString: location.databaseUrl,
      onIdleError,
    });
  }
  const { openPgliteDatabase } = await import('./pglite-database');
  return openPgliteDatabase(location.pgliteDataDir);
}
