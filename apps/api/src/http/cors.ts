import type { FastifyReply, FastifyRequest } from 'fastify';
import { CORS_PREFLIGHT_MAX_AGE_SECONDS } from '../constants';

/** Methods the API serves, announced to allowed origins in preflight answers. */
export const CORS_ALLOWED_METHODS = 'GET, POST';
/** Request headers a browser may send cross-origin: the ones the client sends. */
export const CORS_ALLOWED_HEADERS =
  'authorization, content-type, x-tenant-code';
/** Response headers a cross-origin page may read besides the simple ones. */
export const CORS_EXPOSED_HEADERS = 'retry-after, www-authenticate';

/**
 * An `onRequest` hook that opens the API to the given exact origins and to no
 * one else. A request from an allowed origin gets
 * `Access-Control-Allow-Origin: <that origin>` (never `*`, never credentials:
 * the API uses bearer tokens, not cookies); its preflight gets 204 with the
 * allowed methods and headers. Other origins get no `Access-Control-*` header,
 * so browsers keep the answer from them. Not registered at all when the list
 * is empty: closed by default.
 */
export function corsHook(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<unknown> => {
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin)) return undefined;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', CORS_EXPOSED_HEADERS);
    const preflight =
      request.method === 'OPTIONS' &&
      request.headers['access-control-request-method'] !== undefined;
    if (!preflight) return undefined;
    return reply
      .code(204)
      .header('access-control-allow-methods', CORS_ALLOWED_METHODS)
      .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
      .header('access-control-max-age', String(CORS_PREFLIGHT_MAX_AGE_SECONDS))
      .send();
  };
}
