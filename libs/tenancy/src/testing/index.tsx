/**
 * Test helpers of @collective/tenancy: the shell's real data services over a
 * test platform, signed in as a demo account on a chosen tenant with a chosen
 * member, and `renderWithShell`, which mounts a component inside the real
 * providers. Pair them with `createFakeBackend` of
 * `@collective/api-client/testing` in an MSW server. Import as
 * `@collective/tenancy/testing` (`fakeQueryTimers`, `advanceQueryTimers` and
 * `itAsksForTheDataScope` also need Vitest).
 */
import type { DemoUserKey } from '@collective/api-client/testing';
import { STORAGE_KEYS } from '@collective/platform';
import {
  createTestPlatform,
  type TestPlatform,
} from '@collective/platform/testing';
import { storeSignedIn } from '@collective/auth/testing';
import { render, type RenderResult } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ShellProvider } from '../react/tenancy-provider';
import { createShellServices, type ShellServices } from '../shell-services';

export { advanceQueryTimers, fakeQueryTimers } from './query-timers';
export { itAsksForTheDataScope } from './scope-asked';

/** Settings of {@link createTestShell} and {@link renderWithShell}. */
export interface TestShellOptions {
  /** Starts signed in as this demo account (restored, as after a reload). Signed out when absent. */
  signedInAs?: DemoUserKey;
  /** The `activeTenant` stored before start (the super admin's stored choice wins). */
  storedTenant?: string;
  /** The member to select once signed in (null: all members). */
  memberId?: number | null;
  /** The platform; a fresh `createTestPlatform()` by default. */
  platform?: TestPlatform;
}

/** The services of a test shell, its platform, and what it logged. */
export interface TestShell extends ShellServices {
  platform: TestPlatform;
  /** Messages logged through the shell's `log` (failures without a user message). */
  logs: { message: string; error: unknown }[];
}

/**
 * The dashboard's own `createShellServices` over a test platform, calling the
 * API at the platform's origin. Queries and mutations keep the
 * specification's one retry, without its delay, so failure tests stay fast.
 */
export async function createTestShell(
  options: TestShellOptions = {},
): Promise<TestShell> {
  const platform = options.platform ?? createTestPlatform();
  if (options.storedTenant !== undefined)
    platform.storage.setItem(STORAGE_KEYS.activeTenant, options.storedTenant);
  if (options.signedInAs) storeSignedIn(platform, options.signedInAs);
  const logs: TestShell['logs'] = [];
  const services = await createShellServices({
    platform,
    apiBaseUrl: platform.origin,
    log: (message, error) => logs.push({ message, error }),
  });
  const defaults = services.queryClient.getDefaultOptions();
  services.queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retryDelay: 0 },
    mutations: { ...defaults.mutations, retryDelay: 0 },
  });
  await services.session.restore();
  if (options.memberId !== undefined)
    services.tenancy.selectMember(options.memberId);
  return { ...services, platform, logs };
}

/** Settings of {@link renderWithShell}. */
export interface RenderWithShellOptions extends TestShellOptions {
  /** Renders inside a `MemoryRouter` at this path (for components with links). */
  route?: string;
  /** More providers to put inside the shell's, around the component. */
  wrapper?: ComponentType<{ children: ReactNode }>;
}

/**
 * Renders `ui` inside the shell's real providers (session and API client,
 * query client, tenancy) with a {@link createTestShell}, so the first render
 * already has the chosen user, tenant and member.
 */
export async function renderWithShell(
  ui: ReactNode,
  options: RenderWithShellOptions = {},
): Promise<TestShell & RenderResult> {
  const shell = await createTestShell(options);
  const Wrapper = options.wrapper;
  let content = Wrapper ? <Wrapper>{ui}</Wrapper> : ui;
  if (options.route !== undefined)
    content = (
      <MemoryRouter initialEntries={[options.route]}>{content}</MemoryRouter>
    );
  const result = render(
    <ShellProvider services={shell}>{content}</ShellProvider>,
  );
  return { ...shell, ...result };
}

/**
 * The `open(who, url)` of a screen's tests: renders `screen` with
 * {@link renderWithShell}, signed in as the demo account `who`, at `url`
 * (the screen's own `route` unless given).
 */
export function screenOpener(
  screen: ReactNode,
  route: string,
): (who: DemoUserKey, url?: string) => Promise<TestShell & RenderResult> {
  return (who, url = route) =>
    renderWithShell(screen, { signedInAs: who, route: url });
}
