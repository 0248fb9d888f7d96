import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Response headers by lowercase name. */
export type HeaderSet = Readonly<Record<string, string>>;

/**
 * The headers helmet sets with `options` (its defaults plus the changes
 * given), worked out once by running helmet against a stand-in response.
 * Nothing in them depends on the request: no nonces, no functions.
 */
export function helmetHeaders(options: HelmetOptions): HeaderSet {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * An `onRequest` hook that puts `headers` on every answer of the scope it is
 * added to, errors and 404s included. A plain object set per request: the
 * @fastify/helmet plugin runs `helmet(options)` anew for every request,
 * which cost an eighth of the server's time on GET /api/auth/me
 * (docs/decisions/0021).
 */
export function sendHeaders(headers: HeaderSet) {
  const entries = Object.entries(headers);
  return (
    _request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void => {
    for (const [name, value] of entries) reply.header(name, value);
    done();
  };
}
