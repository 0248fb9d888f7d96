import pg from 'pg';
import type { Database, QueryOptions, SqlRunner } from './database';

/** Options of {@link openPostgresDatabase}. */
export interface PostgresOptions {
  /** Connection URL, e.g. `postgres://user:pass@host:5432/db`. */
  connectionString: string;
  /** Most connections the pool opens at once. */
  maxConnections?: number;
  /** Called when an idle pooled connection fails (e.g. the server restarted). */
  onIdleError?: (error: Error) => void;
}

function runnerOver(target: pg.Pool | pg.PoolClient): SqlRunner {
  return {
    async query<T>(
      sql: string,
      params: readonly unknown[] = [],
      options: QueryOptions = {},
    ) {
      const result = await target.query({
        text: sql,
        values: [...params],
        ...(options.name ? { name: options.name } : {}),
      });
      return result.rows as T[];
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

/**
 * Opens a PostgreSQL connection pool and checks once that the server answers,
 * so a wrong `DATABASE_URL` fails at start with the driver's message.
 */
export async function openPostgresDatabase(
  options: PostgresOptions,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
  });
  // Without a listener, an error on an idle client would crash the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    kind: 'postgres',
    ...runnerOver(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(runnerOver(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
