/** Options of {@link SqlRunner.query}. */
export interface QueryOptions {
  /** Name of a prepared statement: one name, one SQL text. */
  name?: string;
}

/**
 * Runs SQL against PostgreSQL or PGlite. Parameters use Postgres placeholders
 * (`$1`, `$2`, ...); rows come back as plain objects keyed by column name.
 */
export interface SqlRunner {
  /**
   * Runs one parameterised statement and returns its rows. Given a `name`,
   * PostgreSQL prepares the statement once per connection and reuses its
   * plan (for hot reads whose planning costs more than their execution);
   * the name must always come with the same SQL. PGlite ignores it.
   */
  query<T>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<T[]>;
  /** Runs one or more statements without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

/**
 * The database the server talks to: embedded PGlite by default, a PostgreSQL
 * pool when `DATABASE_URL` is set. Both run the same SQL.
 */
export interface Database extends SqlRunner {
  /** Which engine is behind this database, for logs. */
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction on one connection: committed when it
   * resolves, rolled back when it throws.
   */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** Closes the connection (PGlite) or ends the pool (PostgreSQL). */
  close(): Promise<void>;
}
