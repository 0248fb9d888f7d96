import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { REDACTED_LOG_PATHS } from '../server';
import { makeChildLoggersLazy } from './request-logger';

/** A server whose routes use `request.log` in every way Fastify and our code do. */
function serverWith(
  lazy: boolean,
  lines: Record<string, unknown>[],
  onChild: (child: unknown) => void = () => undefined,
): FastifyInstance {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const { time: _time, ...line } = JSON.parse(String(chunk)) as Record<
        string,
        unknown
      >;
      lines.push(line);
      done();
    },
  });
  const app = Fastify({
    logger: {
      level: 'info',
      stream,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      // Pino calls it for each child it makes.
      onChild,
    },
    disableRequestLogging: true,
  });
  if (lazy) makeChildLoggersLazy(app.log);
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (request) => {
    request.log.info({ event: 'loud', body: { password: 'hunter2' } }, 'one');
    request.log.debug('not at info');
    request.log.warn('two');
    return { ok: true };
  });
  app.get('/child', async (request) => {
    request.log.child({ part: 'inner' }).info({ token: 'secret' }, 'nested');
    return { bindings: (request.log as unknown as Bindable).bindings() };
  });
  app.get('/level', async (request) => {
    const before = request.log.level;
    const enabled = (request.log as unknown as Levelled).isLevelEnabled(
      'debug',
    );
    request.log.level = 'debug';
    request.log.debug('now at debug');
    return {
      before,
      enabled,
      after: request.log.level,
      afterEnabled: (request.log as unknown as Levelled).isLevelEnabled(
        'debug',
      ),
    };
  });
  app.get('/reply', async (_request, reply) => {
    reply.log.error('via the reply');
    return { ok: true };
  });
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  return app;
}

interface Bindable {
  bindings(): Record<string, unknown>;
}
interface Levelled {
  isLevelEnabled(level: string): boolean;
}

const PATHS = ['/quiet', '/loud', '/child', '/level', '/reply', '/fails'];

async function run(lazy: boolean) {
  const lines: Record<string, unknown>[] = [];
  const app = serverWith(lazy, lines);
  const bodies: unknown[] = [];
  try {
    for (const url of PATHS) {
      bodies.push((await app.inject({ method: 'GET', url })).json());
    }
  } finally {
    await app.close();
  }
  return { lines, bodies };
}

describe('makeChildLoggersLazy', () => {
  it("writes the same lines and answers as Fastify's own child loggers", async () => {
    const eager = await run(false);
    const lazy = await run(true);

    expect(lazy.bodies).toEqual(eager.bodies);
    expect(lazy.lines).toEqual(eager.lines);
    // What the comparison covers: bound request ids, redaction, levels.
    expect(lazy.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          reqId: 'req-2',
          event: 'loud',
          body: { password: '[redacted]' },
          msg: 'one',
        }),
        expect.objectContaining({ reqId: 'req-2', level: 40, msg: 'two' }),
        expect.objectContaining({
          reqId: 'req-3',
          part: 'inner',
          token: '[redacted]',
          msg: 'nested',
        }),
        expect.objectContaining({ reqId: 'req-4', msg: 'now at debug' }),
        expect.objectContaining({
          reqId: 'req-5',
          level: 50,
          msg: 'via the reply',
        }),
      ]),
    );
    expect(lazy.lines.some((line) => line['msg'] === 'not at info')).toBe(
      false,
    );
    expect(lazy.bodies[2]).toEqual({ bindings: { reqId: 'req-3' } });
    expect(lazy.bodies[3]).toEqual({
      before: 'info',
      enabled: false,
      after: 'debug',
      afterEnabled: true,
    });
  });

  it('makes no child logger for a request that writes nothing', async () => {
    const made = vi.fn();
    const app = serverWith(true, [], made);
    await app.ready();
    try {
      await app.inject({ method: 'GET', url: '/quiet' });
      expect(made).not.toHaveBeenCalled();

      await app.inject({ method: 'GET', url: '/loud' });
      expect(made).toHaveBeenCalledTimes(1);
      const [child] = made.mock.calls[0] as [Bindable];
      expect(child.bindings()).toEqual({ reqId: 'req-2' });

      // A nested child is lazy too, and its parent made when it is.
      await app.inject({ method: 'GET', url: '/child' });
      expect(made).toHaveBeenCalledTimes(3);
    } finally {
      await app.close();
    }
  });

  it('gives the children of every descendant lazily, and a child asked for with options at once', () => {
    const made = vi.fn();
    const app = serverWith(true, [], made);
    const job = app.log.child({ job: 'report' });
    expect(made).not.toHaveBeenCalled();
    // A child's child is made from the real child: that one is made now.
    const step = job.child({ step: 1 });
    expect(made).toHaveBeenCalledTimes(1);

    step.info('written');
    expect(made).toHaveBeenCalledTimes(2);
    expect((step as unknown as Bindable).bindings()).toEqual({
      job: 'report',
      step: 1,
    });

    app.log.child({ quiet: true }, { level: 'warn' });
    expect(made).toHaveBeenCalledTimes(3);
  });

  it("leaves the server's level alone when a request changes its own", async () => {
    const app = serverWith(true, []);
    try {
      await app.inject({ method: 'GET', url: '/level' });
      expect(app.log.level).toBe('info');
      const second = await app.inject({ method: 'GET', url: '/level' });
      expect(second.json()).toMatchObject({ before: 'info', enabled: false });
    } finally {
      await app.close();
    }
  });

  it('follows the server when its level changes before the first line', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = serverWith(true, lines);
    app.get('/late', async (request) => {
      app.log.level = 'debug';
      request.log.debug('seen');
      return { level: request.log.level };
    });
    try {
      const answer = await app.inject({ method: 'GET', url: '/late' });
      expect(answer.json()).toEqual({ level: 'debug' });
      expect(lines).toEqual([expect.objectContaining({ msg: 'seen' })]);
    } finally {
      await app.close();
    }
  });
});
