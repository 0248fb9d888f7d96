/**
 * Runs SQL against PostgreSQL or PGlite. Parameters use Postgres placeholders
 * (`$1`, `$2`, ...); rows come back as plain objects keyed by column name.
 */
export interface SqlRunner {
  /** Runs one parameterised statement and returns its rows. */
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
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
