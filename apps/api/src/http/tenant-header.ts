import {
  isTenantCode,
  TENANT_CODES,
  type TenantCode,
} from '@collective/api-client/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_ECHOED_TENANT_LENGTH } from '../constants';
import { sendError } from './error-replies';

/** The request header naming the active tenant (specification §7). */
export const TENANT_HEADER = 'x-tenant-code';

/**
 * A header value made safe to repeat in an error text and a log: at most
 * {@link MAX_ECHOED_TENANT_LENGTH} characters (then `…`), with quotes,
 * backslashes and anything outside printable ASCII written as `\uXXXX`.
 */
export function echoTenantValue(value: string): string {
  const escape = (character: string) =>
    Array.from(
      { length: character.length },
      (_, index) =>
        `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`,
    ).join('');
  const characters = [...value];
  const shown = characters
    .slice(0, MAX_ECHOED_TENANT_LENGTH)
    .map((character) =>
      /^[\x20-\x7e]$/.test(character) && character !== '"' && character !== '\\'
        ? character
        : escape(character),
    )
    .join('');
  return characters.length > MAX_ECHOED_TENANT_LENGTH ? `${shown}…` : shown;
}

/**
 * The tenant check of every API request (run by `guardApiRequest`,
 * `request-guards.ts`): an `X-Tenant-Code` header, when present, must be
 * one of the contract's {@link TENANT_CODES}; anything else is answered 400
 * `{ error: 'Unknown tenant "…"', message }` before any route runs, and
 * this gives `true`. Requests without the header (health checks, curl) are
 * accepted.
 */
export function refusedTenant(
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const value = request.headers[TENANT_HEADER];
  if (value === undefined || isTenantCode(value)) return false;
  const text = Array.isArray(value) ? value.join(', ') : value;
  sendError(
    reply,
    400,
    `Unknown tenant "${echoTenantValue(text)}"`,
    `X-Tenant-Code must be one of ${TENANT_CODES.join(', ')}, or left out.`,
  );
  return true;
}

/**
 * The tenant a request names in `X-Tenant-Code`, or `undefined` without
 * the header. Only valid codes reach the routes: {@link refusedTenant}
 * refused the rest.
 */
export function requestTenant(request: FastifyRequest): TenantCode | undefined {
  const value = request.headers[TENANT_HEADER];
  return isTenantCode(value) ? value : undefined;
}
