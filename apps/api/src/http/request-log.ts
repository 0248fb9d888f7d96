import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's per-request log lines, made one: at the end of each request, at
 * info level, the request id (from the request's logger), method, route
 * pattern (or, for a path no route serves, the path without its query),
 * status and time in ms; error level when the response failed. Nothing else
 * of the request goes in — no headers, no query, no body — so tokens,
 * passwords and keys cannot reach the log through it. Fastify's default
 * writes two lines per request, the first with the full URL.
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
    const route = request.routeOptions.url;
    const line = {
      method: request.method,
      ...(route === undefined
        ? { path: request.url.split('?', 1)[0] }
        : { route }),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) {
      request.log.error({ ...line, err: error }, 'request failed');
    } else {
      request.log.info(line, 'request');
    }
  }
}
