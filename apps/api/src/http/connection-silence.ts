import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Settings of {@link watchSilence}. */
export interface SilenceWatchOptions {
  /** Silence allowed while a request is read or answered. */
  silenceMs: number;
  /** How often every connection is looked at. */
  checkIntervalMs: number;
  /** The clock, in ms; injectable for tests. */
  now?: () => number;
}

/** What the watch last saw of a connection. */
interface Seen {
  /** Bytes read from the client. */
  read: number;
  /** Bytes of answers the client has taken (handed to the kernel). */
  taken: number;
  /** When `read` or `taken` last moved, or the connection last had a timer of its own. */
  since: number;
}

/** The silence limit of each watched server ({@link connectionSilenceMs}). */
const limits = new WeakMap<Server, number>();

/**
 * Destroys a connection that stays silent — nothing read from the client,
 * nothing of an answer taken by it — for `silenceMs` while a request on it
 * is read or answered: what Node's `server.timeout` (Fastify's
 * `connectionTimeout`) does, but checked every `checkIntervalMs` over all
 * connections instead of by a socket timer made anew twice a request. Node
 * checks its header and request timeouts the same way
 * (`connectionsCheckingInterval`); a request then costs nothing for it
 * (docs/decisions/0065, 0066).
 *
 * A connection with a timer of its own (`socket.timeout` > 0) is left to
 * that timer: a kept-alive one idle between requests (Node's keep-alive
 * timeout, which it swaps for `server.timeout`, here 0, when the next
 * request comes) and one whose route lengthened its silence
 * (`allowSilence`). The check runs while the server listens; `app.inject()`
 * opens no connection.
 */
export function watchSilence(
  server: Server,
  { silenceMs, checkIntervalMs, now = Date.now }: SilenceWatchOptions,
): void {
  const seen = new Map<Socket, Seen>();
  limits.set(server, silenceMs);
  server.on('connection', (socket: Socket) => {
    seen.set(socket, { read: 0, taken: 0, since: now() });
    socket.once('close', () => seen.delete(socket));
  });

  function check(): void {
    const time = now();
    for (const [socket, last] of seen) {
      const read = socket.bytesRead;
      // Written minus what still waits in the socket's buffer: moves only
      // when the client takes the answer, not when more is queued for it.
      const taken = socket.bytesWritten - socket.writableLength;
      if (
        read !== last.read ||
        taken !== last.taken ||
        (socket.timeout ?? 0) > 0
      ) {
        last.read = read;
        last.taken = taken;
        last.since = time;
      } else if (time - last.since >= silenceMs) {
        socket.destroy();
      }
    }
  }

  let timer: ReturnType<typeof setInterval> | undefined;
  server.on('listening', () => {
    timer ??= setInterval(check, checkIntervalMs).unref();
  });
  server.on('close', () => {
    clearInterval(timer);
    timer = undefined;
  });
}

/** The silence limit {@link watchSilence} keeps on `server`, if it watches it. */
export function connectionSilenceMs(server: Server): number | undefined {
  return limits.get(server);
}
