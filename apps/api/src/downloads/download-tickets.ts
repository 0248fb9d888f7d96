import { createHash, randomBytes } from 'node:crypto';
import {
  endpoints,
  type Endpoint,
  type TenantCode,
} from '@collective/api-client/contract';
import type { SqlRunner } from '../db/database';

/** How long a download link works: long enough to start, too short to share. */
export const DOWNLOAD_TICKET_SECONDS = 60;

/** The query parameter that carries a ticket. */
export const DOWNLOAD_PARAMETER = 'download';

function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('base64url');
}

/**
 * The path and query of a URL in one canonical form, without its
 * `download` ticket: what a ticket names and what its use must match.
 */
export function downloadTarget(url: string): string {
  const parsed = new URL(url, 'http://api.invalid');
  parsed.searchParams.delete(DOWNLOAD_PARAMETER);
  parsed.searchParams.sort();
  return `${parsed.pathname}${parsed.search}`;
}

/** The CSV exports and stored files (report runs) of the contract, as path patterns. */
const EXPORTS = Object.values(endpoints as Record<string, Endpoint>)
  .filter((endpoint) => endpoint.format === 'csv' || endpoint.format === 'file')
  .map(
    (endpoint) =>
      new RegExp(`^${endpoint.path.replace(/:\w+/g, '[^/?]+')}(\\?|$)`),
  );

/** Whether `path` names a CSV export or a stored file of the contract (the only files a ticket opens). */
export function isExportPath(path: string): boolean {
  return EXPORTS.some((pattern) => pattern.test(path));
}

/**
 * Issues a single-use ticket for `path` (an export and its query) to
 * `userId` on `tenant`, valid {@link DOWNLOAD_TICKET_SECONDS}; only its hash
 * is kept. Returns the URL to open and when it stops working.
 */
export async function issueDownloadTicket(
  db: SqlRunner,
  userId: number,
  tenant: TenantCode,
  path: string,
  now: Date,
): Promise<{ url: string; expiresAt: Date }> {
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + DOWNLOAD_TICKET_SECONDS * 1000);
  await db.query(`DELETE FROM download_tickets WHERE expires_at < $1`, [now]);
  await db.query(
    `INSERT INTO download_tickets (token_hash, user_id, tenant, path, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [hashTicket(ticket), userId, tenant, downloadTarget(path), expiresAt],
  );
  const separator = path.includes('?') ? '&' : '?';
  return {
    url: `${path}${separator}${DOWNLOAD_PARAMETER}=${ticket}`,
    expiresAt,
  };
}

/**
 * Uses up a ticket for the request `url`: the user and tenant it was issued
 * to, if it is unused, unexpired and names exactly this path and query;
 * otherwise `null`. A ticket works once, whatever the outcome.
 */
export async function redeemDownloadTicket(
  db: SqlRunner,
  ticket: string,
  url: string,
): Promise<{ userId: number; tenant: TenantCode } | null> {
  const [row] = await db.query<{
    user_id: number;
    tenant: TenantCode;
    path: string;
  }>(
    `UPDATE download_tickets SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id, tenant, path`,
    [hashTicket(ticket)],
  );
  if (!row || row.path !== downloadTarget(url)) return null;
  return { userId: row.user_id, tenant: row.tenant };
}
