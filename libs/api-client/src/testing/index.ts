/**
 * Test helpers of @collective/api-client: the demo accounts and members of
 * decisions D11 and a fake of the API for MSW, built from the contract.
 * Import as `@collective/api-client/testing` (needs `msw` 2; `setupFakeApi`
 * also Vitest).
 */
export { createFakeBackend } from './fake-backend';
export type {
  FakeBackend,
  FakeBackendOptions,
  RecordedRequest,
} from './fake-backend';
export { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_USERS, demoToken } from './fixtures';
export { setupFakeApi } from './setup-fake-api';
export type { FakeApi } from './setup-fake-api';
export type { DemoUserKey } from './fixtures';
