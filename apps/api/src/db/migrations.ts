import type { Database } from './database';

/** One step of the schema, applied once and recorded in `schema_migrations`. */
export interface Migration {
  /** Position in the sequence, starting at 1; never reused or renumbered. */
  readonly version: number;
  /** Short kebab-case description, stored next to the version. */
  readonly name: string;
  /** Postgres SQL run by both PGlite and PostgreSQL. */
  readonly sql: string;
}

/**
 * Key of the transaction-scoped advisory lock taken while migrating or
 * seeding, so two servers starting against one PostgreSQL do not race.
 */
export const SCHEMA_LOCK_KEY = 0x636f6c6c; // "coll"

/**
 * The schema, in order. Add a migration to change it; never edit one that
 * has shipped.
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'create-members-users-sessions-notifications',
    sql: `
      CREATE TABLE members (
        id integer PRIMARY KEY,
        name text NOT NULL,
        code text UNIQUE
      );

      CREATE TABLE users (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        name text NOT NULL,
        role text NOT NULL,
        member_id integer REFERENCES members (id),
        member_code text,
        allowed_tenant_id integer,
        is_pact_staff boolean NOT NULL DEFAULT false,
        password_hash text NOT NULL
      );
      CREATE INDEX users_member_id_idx ON users (member_id);

      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX sessions_user_id_idx ON sessions (user_id);

      CREATE TABLE notifications (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        title text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz
      );
      CREATE INDEX notifications_unread_idx
        ON notifications (user_id) WHERE read_at IS NULL;
    `,
  },
];

/**
 * Brings the schema up to date: in one transaction, under an advisory lock,
 * applies every migration not yet recorded in `schema_migrations`, in version
 * order. Safe to run on every start. Returns the versions it applied.
 * Refuses to run against a database migrated by a newer server.
 */
export async function migrate(
  db: Database,
  steps: readonly Migration[] = migrations,
): Promise<number[]> {
  const ordered = [...steps].sort((a, b) => a.version - b.version);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    const rows = await tx.query<{ version: number }>(
      'SELECT version FROM schema_migrations',
    );
    const applied = new Set(rows.map((row) => row.version));
    const known = new Set(ordered.map((step) => step.version));
    const unknown = [...applied].filter((version) => !known.has(version));
    if (unknown.length > 0) {
      throw new Error(
        `The database has migration(s) ${unknown.join(', ')} that this server does not know; run a newer server or restore a matching database.`,
      );
    }
    const pending = ordered.filter((step) => !applied.has(step.version));
    for (const step of pending) {
      await tx.exec(step.sql);
      await tx.query(
        'INSERT INTO schema_migrations (version, name) VALUES ($1, $2)',
        [step.version, step.name],
      );
    }
    return pending.map((step) => step.version);
  });
}
