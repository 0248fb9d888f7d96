import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorReply } from './error-replies';

/** The status and sentence of a request Node could not parse, by its error code. */
function refusalOf(code: string | undefined): {
  status: number;
  message: string;
} {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        message: 'The request headers are too large.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        message: 'The request took too long to arrive.',
      };
    default:
      return {
        status: 400,
        message: 'The request could not be read as HTTP.',
      };
  }
}

/**
 * Fastify's `clientErrorHandler`: answers what Node's HTTP parser refused
 * before any route saw it (a malformed request line or header, headers over
 * the size limit, a request that timed out) as the API answers everything:
 * its security headers and the JSON error body, then closes the connection.
 * A connection already reset or unwritable is only destroyed.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Socket,
  headers: Readonly<Record<string, string>>,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message } = refusalOf(error.code);
  const body: ErrorReply = {
    error: STATUS_CODES[status] ?? 'Bad Request',
    message,
  };
  const text = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${body.error}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(text)}`,
    'connection: close',
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
}
