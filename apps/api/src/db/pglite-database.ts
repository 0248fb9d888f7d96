import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { IN_MEMORY_DATA_DIR } from '../constants';
import type { Database, SqlRunner } from './database';

/** A PGlite {@link Database}, which can also be dumped (tests start copies from a dump). */
export interface PgliteDatabase extends Database {
  readonly kind: 'pglite';
  /** The whole data directory as an uncompressed tarball, for `loadDataDir`. */
  dump(): Promise<Blob>;
}

function runnerOver(target: PGlite | Transaction): SqlRunner {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Options of {@link openPgliteDatabase}. */
export interface PgliteOptions {
  /**
   * A data directory dumped with PGlite's `dumpDataDir()` to start from
   * (tests use one migrated and seeded copy instead of running initdb each time).
   */
  loadDataDir?: Blob;
}

/**
 * Opens the embedded PGlite database (Postgres compiled to WebAssembly) in
 * `dataDir`, creating its parent folders, or in memory for `memory://`.
 * PGlite serves one connection; it serialises queries and transactions itself.
 */
export async function openPgliteDatabase(
  dataDir: string,
  options: PgliteOptions = {},
): Promise<PgliteDatabase> {
  const inMemory = dataDir.startsWith(IN_MEMORY_DATA_DIR);
  if (!inMemory) {
    await mkdir(dirname(dataDir), { recursive: true });
  }
  const pglite = await PGlite.create({
    dataDir: inMemory ? IN_MEMORY_DATA_DIR : dataDir,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return {
    kind: 'pglite',
    ...runnerOver(pglite),
    transaction: (work) => pglite.transaction((tx) => work(runnerOver(tx))),
    close: () => pglite.close(),
    dump: async () => pglite.dumpDataDir('none'),
  };
}
