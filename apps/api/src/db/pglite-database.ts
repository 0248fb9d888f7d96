import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { IN_MEMORY_DATA_DIR } from '../constants';
import type { Database, SqlRunner } from './database';

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

/**
 * Opens the embedded PGlite database (Postgres compiled to WebAssembly) in
 * `dataDir`, creating its parent folders, or in memory for `memory://`.
 * PGlite serves one connection; it serialises queries and transactions itself.
 */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith(IN_MEMORY_DATA_DIR);
  if (!inMemory) {
    await mkdir(dirname(dataDir), { recursive: true });
  }
  const pglite = await PGlite.create(inMemory ? IN_MEMORY_DATA_DIR : dataDir);
  return {
    kind: 'pglite',
    ...runnerOver(pglite),
    transaction: (work) => pglite.transaction((tx) => work(runnerOver(tx))),
    close: () => pglite.close(),
  };
}
