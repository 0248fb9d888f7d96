import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { MAX_JSON_DEPTH } from '../constants';
import { ClientError, sendError } from './error-replies';
import { refusedTenant } from './tenant-header';

/** Error text of a JSON body nested deeper than {@link MAX_JSON_DEPTH}. */
export const TOO_DEEP_MESSAGE = `Request body is nested too deeply; at most ${MAX_JSON_DEPTH} levels of objects and arrays`;

/** Error text of a JSON body holding U+0000 in a string or key. */
export const NUL_IN_BODY_MESSAGE =
  'Request body must not contain NUL characters (\\u0000)';

/** Error text of a URL holding `%00`. */
export const NUL_IN_URL_MESSAGE =
  'The URL must not contain NUL characters (%00)';

/**
 * Why a parsed JSON value may not reach a route, or `null` when it may:
 * nested deeper than {@link MAX_JSON_DEPTH}, or a NUL character in any
 * string or key (PostgreSQL cannot store one, and no field of the contract
 * needs one). Walks without recursion, so no depth can overflow the stack.
 */
export function refusalOf(value: unknown): string | null {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop() as [unknown, number];
    if (typeof item === 'string') {
      if (item.includes('\0')) return NUL_IN_BODY_MESSAGE;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return TOO_DEEP_MESSAGE;
    if (Array.isArray(item)) {
      for (const element of item) pending.push([element, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      if (key.includes('\0')) return NUL_IN_BODY_MESSAGE;
      pending.push([child, depth + 1]);
    }
  }
  return null;
}

/**
 * Replaces the scope's JSON body parser with Fastify's own (which already
 * refuses `__proto__` and `constructor` keys) plus two rules: an empty body
 * is no body (`undefined`, so `POST /api/auth/logout` with
 * `Content-Type: application/json` and nothing else succeeds, and a route
 * that needs a body says so in its own 400), and a body nested too deeply
 * or holding a NUL character is refused with 400 before any route runs.
 */
export function guardJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, text, (error, value) => {
        if (error) {
          done(error, undefined);
          return;
        }
        const refusal = refusalOf(value);
        if (refusal) done(new ClientError(400, refusal), undefined);
        else done(null, value);
      });
    },
  );
}

/**
 * Answers 400 when the URL holds `%00` (in the path or the query), before
 * any route runs, as a NUL decoded into a parameter would reach PostgreSQL,
 * which refuses it with an error; `true` when it did.
 */
function refusedNulInUrl(
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  if (!/%00|\0/i.test(request.url)) return false;
  sendError(reply, 400, NUL_IN_URL_MESSAGE);
  return true;
}

/**
 * `onRequest` hook of every API request: a `%00` in the URL, then an
 * unknown `X-Tenant-Code` (`refusedTenant`, `tenant-header.ts`), each
 * answered 400 before any route runs. One callback-style hook for both, as
 * it runs on every request and has nothing to wait for
 * (docs/decisions/0066, addendum).
 */
export function guardApiRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (refusedNulInUrl(request, reply) || refusedTenant(request, reply)) return;
  done();
}

/**
 * Lets this request's connection stay silent for `ms` instead of
 * CONNECTION_TIMEOUT_MS, for a route whose answer takes long (a big
 * upload's staging, the demo clean-up): a socket timer of its own, which
 * the server's silence check leaves to it (`connection-silence.ts`) until
 * Node swaps it for the keep-alive timer when the answer is done. An
 * injected request (tests) has no socket, and nothing to lengthen.
 */
export function allowSilence(request: FastifyRequest, ms: number): void {
  const { socket } = request.raw;
  if (typeof socket?.setTimeout === 'function') socket.setTimeout(ms);
}
