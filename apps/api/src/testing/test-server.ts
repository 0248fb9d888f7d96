import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/database';
import { DEMO_PASSWORD } from '../db/seed';
import { buildServer, type ServerOptions } from '../server';
import type { TestDatabaseEngine } from './test-databases';

/** The server under test, its database and shortcuts for common calls. */
export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** Logs in (with the demo password unless given) and returns the token; throws unless it succeeds. */
  login(email: string, password?: string): Promise<string>;
  /** GET with an optional bearer token and other headers. */
  get(
    url: string,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** POST without a body, with an optional bearer token. */
  post(url: string, token?: string): Promise<LightMyRequestResponse>;
  /** Any call, with an optional bearer token, JSON payload and other headers (which win over the token). */
  send(
    method: CallMethod,
    url: string,
    options?: {
      token?: string;
      payload?: object;
      headers?: Record<string, string>;
    },
  ): Promise<LightMyRequestResponse>;
  /** Closes server and database (which deletes the database). */
  close(): Promise<void>;
}

/** The methods the API's routes answer. */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Server options a test may set; the database and logger are the harness's. */
export type TestServerOptions = Omit<ServerOptions, 'db' | 'logger'>;

/**
 * Starts the reference server for a test file on a fresh database of the
 * given engine holding the migrated demo data. Create it once per file (or
 * per engine) in `beforeAll`.
 */
export async function startTestServer(
  engine: TestDatabaseEngine,
  options: TestServerOptions = {},
): Promise<TestServer> {
  return serverOn(await engine.open('seeded'), options);
}

/**
 * Starts a second server instance on the database of `first`, through a
 * connection of its own, as a second process on one PostgreSQL would run:
 * nothing but the database is shared (not the login throttle's or the
 * session cache's memory). Closing it leaves the database to `first`.
 */
export async function startTestServerBeside(
  engine: TestDatabaseEngine,
  first: TestServer,
  options: TestServerOptions = {},
): Promise<TestServer> {
  return serverOn(await engine.connectAgain(first.db), options);
}

async function serverOn(
  db: Database,
  options: TestServerOptions,
): Promise<TestServer> {
  const app = buildServer({
    checkAnswers: true,
    ...options,
    db,
    logger: false,
  });
  try {
    await app.ready();
  } catch (error) {
    await db.close();
    throw error;
  }
  const bearer = (token?: string) =>
    token ? { authorization: `Bearer ${token}` } : {};
  return {
    app,
    db,
    async login(email, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      if (response.statusCode !== 200) {
        throw new Error(
          `Login of ${email} failed with ${response.statusCode}: ${response.body}`,
        );
      }
      return response.json<{ token: string }>().token;
    },
    get: (url, token, headers = {}) =>
      app.inject({
        method: 'GET',
        url,
        headers: { ...headers, ...bearer(token) },
      }),
    post: (url, token) =>
      app.inject({ method: 'POST', url, headers: bearer(token) }),
    send: (method, url, { token, payload, headers = {} } = {}) =>
      app.inject({
        method,
        url,
        headers: { ...bearer(token), ...headers },
        ...(payload ? { payload } : {}),
      }),
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** A call as one of the signed-in demo users, by email. */
export type CallAs = (
  email: string,
  method: CallMethod,
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/**
 * Signs each of `emails` in on `server` once and returns a function that
 * calls the API as one of them (bearer token, JSON payload, other headers).
 */
export async function signedInCalls(
  server: TestServer,
  emails: readonly string[],
): Promise<CallAs> {
  const tokens = new Map<string, string>();
  for (const email of emails) tokens.set(email, await server.login(email));
  return (email, method, url, payload, headers = {}) => {
    const token = tokens.get(email);
    if (!token)
      throw new Error(`Sign ${email} in first: add it to signedInCalls.`);
    return server.send(method, url, { token, payload, headers });
  };
}

/** Signs each of `emails` in on `server`, keeping their tokens in `tokens` by email. */
export async function signInTo(
  tokens: Record<string, string>,
  server: TestServer,
  emails: readonly string[],
): Promise<void> {
  for (const email of emails) tokens[email] = await server.login(email);
}

/**
 * A call as anyone a journey test meets: `who` an email whose token
 * `tokens` holds (signed in at the start or along the way), else a bearer
 * token itself, or `null` for an anonymous call. `server` is read at each
 * call (it starts in `beforeAll`).
 */
export function callWithTokens(
  server: () => TestServer,
  tokens: Readonly<Record<string, string>>,
) {
  return (
    who: string | null,
    method: CallMethod,
    url: string,
    payload?: object,
  ) =>
    server().send(method, url, {
      token: who ? (tokens[who] ?? who) : undefined,
      payload,
    });
}
