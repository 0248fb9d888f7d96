import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_LIMIT_BYTES } from '../constants';

/** The content type of the API's JSON answers, as Fastify gives a serialized object. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Body of every error response: `error` always, `message` when there is more to say. */
export interface ErrorReply {
  error: string;
  message?: string;
}

/** Sends a JSON error body with the given status. */
export function sendError(
  reply: FastifyReply,
  statusCode: number,
  error: string,
  message?: string,
): FastifyReply {
  const body: ErrorReply =
    message === undefined ? { error } : { error, message };
  return reply.code(statusCode).type(JSON_TYPE).send(body);
}

/**
 * A refusal whose message is written for the client: thrown (or passed to
 * a Fastify callback) with a 4xx status, it is answered with its message
 * as the `error` text.
 */
export class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

/**
 * A refusal with the API's two texts, `error` (what) and `message` (what to
 * do): thrown by the route layer and handlers (401, 403, 404, 409 …) and
 * answered as `{ error, message }` with its status.
 */
export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message?: string,
    /** More of the body, e.g. the current record of a 409. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? error);
    this.name = 'Refusal';
  }
  /** Whether a message beyond `error` was given. */
  get hasMessage(): boolean {
    return this.message !== this.error;
  }
}

/** Throws the API's 404 for a record that is not in the caller's scope, or nowhere (decisions D12). */
export function notFound(message: string): never {
  throw new Refusal(404, 'Not found', message);
}

/**
 * Throws the API's 409 for a write made against an older version of a
 * record (decisions D15): nothing was saved, and the answer carries the
 * record as it is now in `current`, so the client can show it.
 */
export function staleVersion(
  subject: string,
  asked: number,
  now: number,
  current: unknown,
): never {
  throw new Refusal(
    409,
    'Conflict',
    `${subject} changed since you read it (version ${asked}, now ${now}); nothing was saved. Reload it and try again.`,
    { current },
  );
}

/**
 * Throws the API's 409 for deactivating a record that already is
 * (`state`: "deactivated", "inactive"): how to bring it back, and the
 * record as it is now in `current`.
 */
export function alreadyOff(current: { name: string }, state: string): never {
  throw new Refusal(
    409,
    `Already ${state}`,
    `${current.name} is already ${state}; to bring it back, set its status to active.`,
    { current },
  );
}

/** The 413 text: the route's body limit (the server's unless a contract entry raises it). */
const bodyTooLarge = (limit: number) =>
  `Request body is too large; the limit is ${limit / 1024} KiB`;

/** Client-facing text for Fastify's own request errors, keyed by error code. */
const FASTIFY_ERROR_TEXT: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'Unsupported content type; send JSON with Content-Type: application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH:
    'Request body length does not match Content-Length',
};

/**
 * Turns any error thrown while handling a request into a JSON `{ error }` body
 * with the right status. Client errors (4xx) say what was wrong; server errors
 * are logged with their stack and answered with a generic text, never a trace.
 */
export function replyToError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const status =
    typeof error.statusCode === 'number' &&
    error.statusCode >= 400 &&
    error.statusCode < 600
      ? error.statusCode
      : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, status, 'Internal server error');
  }
  if (error instanceof Refusal) {
    const body: ErrorReply & Record<string, unknown> = {
      error: error.error,
      ...(error.hasMessage ? { message: error.message } : {}),
      ...error.details,
    };
    return reply.code(status).type(JSON_TYPE).send(body);
  }
  const known =
    error instanceof ClientError
      ? error.message
      : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? bodyTooLarge(request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES)
        : error.code
          ? FASTIFY_ERROR_TEXT[error.code]
          : undefined;
  const text = known ?? STATUS_CODES[status] ?? 'Bad request';
  return sendError(reply, status, text);
}

/** Answers any path no route serves with a JSON 404, never an HTML page. */
export function replyNotFound(
  _request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  return sendError(reply, 404, 'Not found');
}
