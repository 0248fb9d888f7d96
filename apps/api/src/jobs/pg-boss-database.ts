/**
 * pg-boss over the server's own {@link Database} (docs/decisions/0071):
 * pg-boss accepts any object with `executeSql(text, values)` in place of its
 * own `pg` pool, so it runs on the server's PostgreSQL pool and, in process,
 * on embedded PGlite, with no socket in between and PGlite's own locking
 * (one statement or transaction at a time) intact.
 */
import type PgBoss from 'pg-boss';
import type { Database, SqlRunner } from '../db/database';

/**
 * pg-boss sends its multi-statement commands (schema install and
 * migrations, maintenance) as one text `BEGIN; …; COMMIT;` without
 * parameters. Matched here, the statements between are run inside
 * {@link Database.transaction}, so a failure rolls back on the same
 * connection instead of leaving it (on PGlite: the only one) inside an
 * aborted transaction.
 */
const WRAPPED_TRANSACTION = /^\s*BEGIN;([\s\S]*);\s*COMMIT;\s*$/;

/** What pg-boss reads from `executeSql`: the rows of the statement. */
interface BossResult {
  rows: unknown[];
}

/**
 * A pg-boss `db` running every statement through `runner`: the server's
 * {@link Database}, or a transaction's {@link SqlRunner} (then pg-boss's
 * writes, e.g. `send`, commit or roll back with the caller's).
 */
export function bossDatabase(runner: Database | SqlRunner): PgBoss.Db {
  return {
    async executeSql(
      text: string,
      values?: readonly unknown[],
    ): Promise<BossResult> {
      const wrapped =
        values === undefined ? WRAPPED_TRANSACTION.exec(text) : null;
      if (wrapped) {
        const statements = wrapped[1] ?? '';
        if (!('transaction' in runner)) {
          throw new Error(
            'pg-boss sent a transaction of its own inside a caller transaction.',
          );
        }
        await runner.transaction((tx) => tx.exec(statements));
        return { rows: [] };
      }
      return { rows: await runner.query<unknown>(text, values ?? []) };
    },
  };
}
