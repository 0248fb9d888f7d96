import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The most of a body refused as too large that the server reads and drops
 * before it answers 413 (Go's net/http reads up to 256 KiB of an unread body
 * the same way before it closes a connection).
 */
export const REFUSED_BODY_READ_BYTES = 256 * 1024;

/**
 * Reads and drops what is left of `raw`'s body, up to `maxBytes` in all;
 * resolves once it has ended, or the connection closed, or at once when the
 * body declares more than `maxBytes` or turns out longer (the connection is
 * then closed after the answer, as before).
 */
export function dropBody(
  raw: IncomingMessage,
  maxBytes: number,
): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  if (Number(raw.headers['content-length']) > maxBytes)
    return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const onData = (chunk: Buffer | string) => {
      read += chunk.length;
      if (read > maxBytes) {
        raw.pause();
        done();
      }
    };
    const done = () => {
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('close', done);
      raw.off('error', done);
      resolve();
    };
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    raw.resume();
  });
}

/**
 * Fastify `onError` hook (docs/decisions/0106, addendum): before a body
 * refused as too large is answered 413, the rest of it is read and dropped,
 * up to {@link REFUSED_BODY_READ_BYTES}. A client (or a proxy such as nginx)
 * still sending it then reads the clear 413, where a connection closed under
 * its writes is reset and the answer lost (nginx turns it into a 502).
 */
export async function dropRefusedBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  error: FastifyError,
): Promise<void> {
  if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return;
  await dropBody(request.raw, REFUSED_BODY_READ_BYTES);
}
