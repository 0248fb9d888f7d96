import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  createFakeBackend,
  type FakeBackend,
  type FakeBackendOptions,
} from './fake-backend';

/** What {@link setupFakeApi} gives a test file. */
export interface FakeApi {
  /** The fake backend: its recorded requests, `setUnread`, `revoke`. */
  backend: FakeBackend;
  /** The MSW server, for `server.use(...)` overrides of one test. */
  server: SetupServer;
}

/**
 * Starts an MSW server with {@link createFakeBackend}'s handlers for the
 * test file that calls it (Vitest): listening before the first test with
 * unhandled requests as errors, overrides and the backend reset after each
 * test, closed after the last. Call it at the top level of the file.
 */
export function setupFakeApi(options: FakeBackendOptions): FakeApi {
  const backend = createFakeBackend(options);
  const server = setupServer(...backend.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    backend.reset();
  });
  afterAll(() => server.close());
  return { backend, server };
}
