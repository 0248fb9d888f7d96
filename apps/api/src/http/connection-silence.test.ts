import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionSilenceMs, watchSilence } from './connection-silence';

/** A socket as the watch reads it: byte counts, its own timer, destroy(). */
class FakeSocket extends EventEmitter {
  bytesRead = 0;
  bytesWritten = 0;
  writableLength = 0;
  timeout: number | undefined = undefined;
  destroyed = false;
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

const SILENCE_MS = 1_000;
const CHECK_MS = 100;

function watchedServer(): { server: Server; connect(): FakeSocket } {
  const emitter = new EventEmitter();
  const server = emitter as unknown as Server;
  watchSilence(server, {
    silenceMs: SILENCE_MS,
    checkIntervalMs: CHECK_MS,
    now: () => Date.now(),
  });
  emitter.emit('listening');
  return {
    server,
    connect() {
      const socket = new FakeSocket();
      emitter.emit('connection', socket);
      return socket;
    },
  };
}

describe('the connection silence watch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('destroys a connection silent for the limit, within one check of it', () => {
    const { connect } = watchedServer();
    const socket = connect();

    vi.advanceTimersByTime(SILENCE_MS - CHECK_MS);
    expect(socket.destroyed).toBe(false);
    vi.advanceTimersByTime(CHECK_MS);
    expect(socket.destroyed).toBe(true);
  });

  it('counts the silence from the last byte read or taken, so a slow but moving client is never cut', () => {
    const { connect } = watchedServer();
    const socket = connect();

    for (let step = 0; step < 10; step += 1) {
      vi.advanceTimersByTime(SILENCE_MS - CHECK_MS);
      if (step % 2 === 0) socket.bytesRead += 1;
      else socket.bytesWritten += 1; // the client took one more byte
    }
    expect(socket.destroyed).toBe(false);

    vi.advanceTimersByTime(SILENCE_MS + CHECK_MS);
    expect(socket.destroyed).toBe(true);
  });

  it('does not count answer bytes still waiting in the socket as taken', () => {
    const { connect } = watchedServer();
    const socket = connect();

    for (let step = 0; step < 12; step += 1) {
      vi.advanceTimersByTime(CHECK_MS);
      // More is queued for a client that reads nothing.
      socket.bytesWritten += 1_000;
      socket.writableLength += 1_000;
    }
    expect(socket.destroyed).toBe(true);
  });

  it('leaves a connection with a timer of its own (kept alive between requests, or lengthened by its route) to that timer', () => {
    const { connect } = watchedServer();
    const socket = connect();
    socket.timeout = 73_000;

    vi.advanceTimersByTime(10 * SILENCE_MS);
    expect(socket.destroyed).toBe(false);

    // The next request: Node swaps the keep-alive timer for server.timeout, 0.
    socket.timeout = 0;
    vi.advanceTimersByTime(SILENCE_MS - CHECK_MS);
    expect(socket.destroyed).toBe(false);
    vi.advanceTimersByTime(CHECK_MS);
    expect(socket.destroyed).toBe(true);
  });

  it('forgets closed connections and stops checking when the server closes', () => {
    const { server, connect } = watchedServer();
    const socket = connect();
    socket.emit('close');
    vi.advanceTimersByTime(2 * SILENCE_MS);
    expect(socket.destroyed).toBe(false);

    const open = connect();
    (server as unknown as EventEmitter).emit('close');
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(2 * SILENCE_MS);
    expect(open.destroyed).toBe(false);
  });

  it('tells the limit it keeps on a server', () => {
    const { server } = watchedServer();
    expect(connectionSilenceMs(server)).toBe(SILENCE_MS);
    expect(connectionSilenceMs(new EventEmitter() as unknown as Server)).toBe(
      undefined,
    );
  });
});
