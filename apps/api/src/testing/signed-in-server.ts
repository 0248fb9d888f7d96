import * as v from 'valibot';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../db/database';
import type { TestDatabaseEngine } from './test-databases';
import {
  signedInCalls,
  startTestServer,
  type CallAs,
  type TestServer,
  type TestServerOptions,
} from './test-server';

/** The demo accounts most route tests act as: both staff roles and both brand roles. */
export const ROUTE_TEST_ACCOUNTS = [
  'admin@pact.test',
  'super@pact.test',
  'brand.admin@kiehls.test',
  'operator@kiehls.test',
] as const;

/** The account `json` calls as unless told otherwise. */
export const ROUTE_TEST_ADMIN = 'admin@pact.test';

/** A route test file's server with its signed-in accounts (see `signedInServer`). */
export interface SignedInServer {
  /** The running server; only inside tests and hooks (it starts in `beforeAll`). */
  readonly server: TestServer;
  /** The server's database; only inside tests and hooks. */
  readonly db: Database;
  /** Calls the API as one of the signed-in accounts. */
  call: CallAs;
  /** GETs `url` as `who` (the admin by default), expects 200 and parses the body with `schema`. */
  json<T>(
    schema: v.GenericSchema<unknown, T>,
    url: string,
    who?: string,
  ): Promise<T>;
}

/**
 * Registers the `beforeAll` that starts a test server on `engine` and signs
 * in `ROUTE_TEST_ACCOUNTS` plus `moreAccounts`, and the `afterAll` that
 * closes it. Call it at the top of a `describeOnEachDatabase` body.
 */
export function signedInServer(
  engine: TestDatabaseEngine,
  options: TestServerOptions = {},
  moreAccounts: readonly string[] = [],
): SignedInServer {
  let server: TestServer | undefined;
  let signedIn: CallAs | undefined;

  beforeAll(async () => {
    server = await startTestServer(engine, options);
    signedIn = await signedInCalls(server, [
      ...ROUTE_TEST_ACCOUNTS,
      ...moreAccounts,
    ]);
  });
  afterAll(() => server?.close());

  const started = () => {
    if (!server || !signedIn)
      throw new Error('The test server starts in beforeAll: use it in tests.');
    return { server, signedIn };
  };
  const call: CallAs = (...args) => started().signedIn(...args);
  return {
    get server() {
      return started().server;
    },
    get db() {
      return started().server.db;
    },
    call,
    async json(schema, url, who = ROUTE_TEST_ADMIN) {
      const response = await call(who, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return v.parse(schema, response.json());
    },
  };
}
