import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { SLOW_REQUEST_MS } from '../constants';

/** Pino level of a request's line: what an operator needs at info, the rest at debug. */
export function requestLogLevel(
  method: string,
  status: number,
  ms: number,
): 'error' | 'info' | 'debug' {
  if (status >= 500) return 'error';
  const quietRead =
    (method === 'GET' || method === 'HEAD') &&
    status < 400 &&
    ms < SLOW_REQUEST_MS;
  return quietRead ? 'debug' : 'info';
}

/**
 * Fastify's per-request log lines, made one and cheap. At the end of each
 * request: the request id (from the request's logger), method, route
 * pattern (or, for a path no route serves, the path without its query),
 * status and time in ms. Server errors are logged at error; client errors,
 * every other method (sign-ins, sign-outs, changes) and slow requests at
 * info; quick successful reads — the bulk of the traffic — at debug, so
 * `LOG_LEVEL=debug` shows every request and the default costs the service
 * next to nothing (docs/decisions/0022). Nothing else of the request goes in
 * — no headers, no query, no body — so tokens, passwords and keys cannot
 * reach the log through it. Fastify's default writes two lines per request
 * at info, the first with the full URL.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {
    // One line per request, written when it is complete.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const { log } = request;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const level = error
      ? 'error'
      : requestLogLevel(request.method, reply.statusCode, ms);
    if (level === 'debug' && log.level !== 'debug' && log.level !== 'trace') {
      return;
    }
    const route = request.routeOptions.url;
    const line = {
      method: request.method,
      ...(route === undefined
        ? { path: request.url.split('?', 1)[0] }
        : { route }),
      status: reply.statusCode,
      ms,
      ...(error ? { err: error } : {}),
    };
    log[level](line, error ? 'request failed' : 'request');
  }
}
