import {
  endpoints,
  type Endpoint,
  type EndpointName,
} from '@collective/api-client/contract';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../constants';
import type { Database } from '../db/database';
import { JobQueue } from '../jobs/job-queue';
import { referenceApi } from '../reference-api';
import {
  contractValidator,
  declareRoute,
  type RouteHandler,
  type RouteServices,
} from './declare-route';
import { Refusal, replyToError } from './error-replies';
import { describeOnEachDatabase } from '../testing/test-databases';

/**
 * Routes of the API plugin that are not calls of the contract: the
 * operators' probes and metrics (docs/decisions/0104) and the API reference.
 */
const OUTSIDE_THE_CONTRACT =
  /^(GET|HEAD|HEAD,GET) \/api\/(health|ready|metrics|openapi\.json|docs(\/.*)?)$/;

describeOnEachDatabase('routes declared from the contract', (engine) => {
  let db: Database;
  const routes: Pick<RouteOptions, 'method' | 'url' | 'config'>[] = [];

  beforeAll(async () => {
    db = await engine.open('seeded');
    const app = Fastify();
    app.addHook('onRoute', (route) => void routes.push(route));
    await app.register(referenceApi, {
      prefix: API_PREFIX,
      db,
      corsOrigins: [],
      jobs: new JobQueue({ db }),
    });
    await app.ready();
    await app.close();
  });
  afterAll(() => db?.close());

  const names = Object.keys(endpoints) as EndpointName[];
  const routed = names.filter(
    (name) => (endpoints[name] as Endpoint).servedBy === undefined,
  );

  it('registers one route for every contract entry, at its method and path, and knows which entry it serves', () => {
    for (const name of routed) {
      const entry = endpoints[name];
      const matching = routes.filter(
        (route) =>
          route.method === entry.method &&
          route.url === entry.path &&
          route.config?.endpoint === name,
      );
      expect(matching, `${name}: ${entry.method} ${entry.path}`).toHaveLength(
        1,
      );
    }
  });

  it('has no route of the API without a contract entry', () => {
    const undeclared = routes
      .filter((route) => route.config?.endpoint === undefined)
      .map((route) => `${String(route.method)} ${route.url}`)
      .filter((route) => !OUTSIDE_THE_CONTRACT.test(route));
    expect(undeclared).toEqual([]);
  });

  it('serves every entry that names another through that entry, at the same method and path', () => {
    for (const name of names) {
      const entry = endpoints[name] as Endpoint;
      if (!entry.servedBy) continue;
      const server = endpoints[entry.servedBy as EndpointName];
      expect(server, `${name} is served by ${entry.servedBy}`).toBeDefined();
      expect([server.method, server.path]).toEqual([entry.method, entry.path]);
    }
  });
});

/** A server with the one route of POST /api/auth/logout, answered by `handler`. */
async function serverWith(
  handler: RouteHandler<'logout'>,
  services: Partial<RouteServices> = {},
) {
  const app = Fastify();
  app.setErrorHandler(replyToError);
  app.setValidatorCompiler(contractValidator);
  app.decorateRequest('caller', null);
  app.decorateRequest('scope', null);
  const all = {
    checkAnswers: true,
    clock: () => new Date(),
    ...services,
  } as RouteServices;
  await app.register(async (api) => declareRoute(api, all, 'logout', handler), {
    prefix: API_PREFIX,
  });
  return app;
}

const logout = { method: 'POST', url: '/api/auth/logout' } as const;

describe('answers checked against the contract', () => {
  function serverAnswering(answer: unknown, checkAnswers: boolean) {
    return serverWith(async () => answer as never, { checkAnswers });
  }

  it('turns an answer that breaks its response schema into a 500, never sending it', async () => {
    const app = await serverAnswering({ success: 'yes', secret: 'x' }, true);
    const response = await app.inject(logout);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
  });

  it('answers what a handler throws through the error handler, never as an answer', async () => {
    const refused = await serverWith(async () => {
      throw new Refusal(409, 'Conflict', 'Changed meanwhile.');
    });
    const conflict = await refused.inject(logout);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ message: 'Changed meanwhile.' });

    const odd = await serverWith(async () => {
      throw 'not an error';
    });
    const failed = await odd.inject(logout);
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('not an error');
  });

  it('sends the answer of a handler that answers at once, and what it throws through the error handler', async () => {
    const at = await serverWith(() => ({ success: true }));
    const answered = await at.inject(logout);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ success: true });

    const breaking = await serverWith(() => ({ success: 'yes' }) as never);
    expect((await breaking.inject(logout)).statusCode).toBe(500);

    const refused = await serverWith(() => {
      throw new Refusal(409, 'Conflict', 'Changed meanwhile.');
    });
    const conflict = await refused.inject(logout);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ message: 'Changed meanwhile.' });

    const odd = await serverWith(() => {
      throw 'not an error';
    });
    const failed = await odd.inject(logout);
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('not an error');
  });

  it('sends an answer of the contract as it is', async () => {
    const app = await serverAnswering({ success: true }, true);
    const response = await app.inject(logout);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });
});

describe('what a handler is given and how its answer is sent', () => {
  it('reads the clock only for a handler that asks for now, once per call', async () => {
    let reads = 0;
    const clock = () => new Date(Date.UTC(2026, 10, 1, 0, 0, reads++));
    const ignoring = await serverWith(async () => ({ success: true }), {
      clock,
    });
    await ignoring.inject(logout);
    expect(reads).toBe(0);

    const asking = await serverWith(
      async (call) => {
        const first = call.now;
        expect(call.now).toBe(first);
        return { success: true };
      },
      { clock },
    );
    await asking.inject(logout);
    await asking.inject(logout);
    expect(reads).toBe(2);
  });

  it('serializes a frozen answer once and sends the same JSON with each call that answers it', async () => {
    let serialized = 0;
    const answer = Object.freeze({
      success: true,
      toJSON() {
        serialized += 1;
        return { success: true };
      },
    });
    const app = await serverWith(async () => answer, { checkAnswers: false });
    const first = await app.inject(logout);
    const second = await app.inject(logout);
    expect(serialized).toBe(1);
    for (const response of [first, second]) {
      expect(response.headers['content-type']).toBe(
        'application/json; charset=utf-8',
      );
      expect(response.json()).toEqual({ success: true });
    }
  });

  it('serializes an answer that is not frozen anew on each call', async () => {
    const answer = { success: true };
    const app = await serverWith(async () => answer, { checkAnswers: false });
    expect((await app.inject(logout)).json()).toEqual({ success: true });
    answer.success = false;
    expect((await app.inject(logout)).json()).toEqual({ success: false });
  });
});

describe('the route layer on every call', () => {
  it('declares who may call each entry: every non-anonymous entry names its authentication, and data entries are scoped', () => {
    for (const [name, entry] of Object.entries(endpoints) as [
      string,
      Endpoint,
    ][]) {
      expect(entry.auth, name).toBeDefined();
      if (entry.auth === 'session-or-key') {
        expect(entry.method, `${name}: API keys only read`).toBe('GET');
      }
      if (entry.cache)
        expect(entry.scoped, `${name}: cached answers are scoped`).toBe(true);
      if (entry.idempotent) expect(entry.method, name).toBe('POST');
    }
  });
});
