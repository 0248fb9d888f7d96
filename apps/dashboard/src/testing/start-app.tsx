/**
 * Test helpers of the dashboard app: the real `App` over a test platform,
 * signing in through its screen, answers of the fake backend held or marked,
 * and a record of every text the page showed. Used by the app's component
 * tests (`src/app/*.test.tsx`); never part of the build.
 */
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  demoToken,
  type DemoUserKey,
} from '@collective/api-client/testing';
import { storeSignedIn } from '@collective/auth/testing';
import {
  createTestPlatform,
  type TestPlatform,
  type TestPlatformOptions,
} from '@collective/platform/testing';
import { formatWeight } from '@collective/ui';
import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import { App } from '../app/app';
import { readConfig } from '../config';
import { createServices, type Services } from '../services';

/** The router drives jsdom's real history, so the API lives at its origin. */
export const ORIGIN = window.location.origin;

/** The build stamp the tests render. */
const BUILD = { version: '1.0.0', commit: 'abc1234', date: '2026-11-22' };

/** A started app: its services (completed by the signed-in chunk) and its render. */
export type StartedApp = Services & {
  platform: TestPlatform;
  view: RenderResult;
};

/** A test platform at {@link ORIGIN}. */
export function appPlatform(options: TestPlatformOptions = {}): TestPlatform {
  return createTestPlatform({ origin: ORIGIN, ...options });
}

/** A test platform at {@link ORIGIN} holding a demo account's stored session. */
export function signedInPlatform(
  who: DemoUserKey,
  options: TestPlatformOptions = {},
): TestPlatform {
  const platform = appPlatform(options);
  storeSignedIn(platform, who);
  return platform;
}

/**
 * Starts the dashboard as `main.tsx` does, at `path`: the services over the
 * platform (`prepare` may change them first), the stored session restored,
 * `App` rendered.
 */
export function startApp(
  path: string,
  platform: TestPlatform = appPlatform(),
  prepare: (services: Services) => void = () => undefined,
): StartedApp {
  window.history.replaceState(null, '', path);
  const services = createServices(readConfig({}, platform.origin), platform);
  prepare(services);
  void services.session.restore();
  const view = render(<App services={services} build={BUILD} />);
  return Object.assign(services, { platform, view });
}

/** A user typing without pauses between keys: the journeys stay fast on a busy machine. */
export const user = () => userEvent.setup({ delay: null });

/** Signs in as a demo account through the sign-in screen. */
export async function signIn(who: DemoUserKey): Promise<void> {
  const typist = user();
  await typist.type(
    await screen.findByRole('textbox', { name: 'Email' }),
    DEMO_USERS[who].email,
  );
  await typist.type(screen.getByLabelText('Password'), DEMO_PASSWORD);
  await typist.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Signs out through the user menu. */
export async function logOut(): Promise<void> {
  const typist = user();
  await typist.click(await screen.findByRole('button', { name: /^User menu/ }));
  await typist.click(screen.getByRole('menuitem', { name: 'Logout' }));
}

/** Every text the page has shown: one entry per batch of DOM changes. */
export interface FrameRecord {
  /** The page's text after each change, in order. */
  readonly frames: readonly string[];
  /** Whether any frame so far contained `text`. */
  everShowed(text: string): boolean;
  stop(): void;
}

/**
 * Records the text of the page after every batch of DOM changes, so a test
 * can prove that some text never showed in any frame, not only that it is
 * absent at the end.
 */
export function recordFrames(): FrameRecord {
  const frames: string[] = [document.body.textContent ?? ''];
  const observer = new MutationObserver(() =>
    frames.push(document.body.textContent ?? ''),
  );
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
  });
  return {
    frames,
    everShowed: (text) => frames.some((frame) => frame.includes(text)),
    stop: () => observer.disconnect(),
  };
}

const SUMMARY = `${ORIGIN}/api/dashboard/summary`;
/** Marks the fetch a held handler makes to get the fake backend's own answer. */
const PASS = 'x-test-pass-through';

/** An answer of GET /api/dashboard/summary held back until released. */
export interface HeldSummary {
  /** Resolves once the held request has arrived. */
  readonly arrived: Promise<Request>;
  /** Sends the held answer: the fake backend's, with the marked 12-month weight. */
  release(): void;
  /** Resolves once the held answer has been handed back to the page. */
  readonly answered: Promise<void>;
  /** How the dashboard shows the marked weight: text only this answer can put on the page. */
  readonly figure: string;
}

/** Settings of {@link holdSummary}. */
export interface HoldOptions {
  /** Answer at once rather than when released. */
  release?: 'later' | 'at-once';
  /** The 12-month weight of the answer, in kg: one no demo scope has. */
  markKg?: number;
}

/**
 * Holds the next GET /api/dashboard/summary that `matches`, then answers it
 * with the fake backend's own figures for that request (taken when it
 * arrived, so a token revoked since does not spoil them), the 12-month
 * weight replaced by a marked one; every other request goes on to the fake
 * backend. With `release: 'at-once'` it answers without waiting.
 */
export function holdSummary(
  server: SetupServer,
  matches: (request: Request) => boolean = () => true,
  { release: when = 'later', markKg = 987_654_321 }: HoldOptions = {},
): HeldSummary {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  if (when === 'at-once') release();
  let arrive: (request: Request) => void = () => undefined;
  const arrived = new Promise<Request>((resolve) => (arrive = resolve));
  let taken = false;
  server.use(
    http.get(SUMMARY, async ({ request }) => {
      if (taken || request.headers.has(PASS) || !matches(request)) return;
      taken = true;
      // The fake backend's answer is taken now, while the token is valid.
      const headers = new Headers(request.headers);
      headers.set(PASS, '1');
      const real = (await (await fetch(request.url, { headers })).json()) as {
        kpis: Record<string, number>;
      };
      arrive(request);
      await released;
      setTimeout(answer);
      return HttpResponse.json({
        ...real,
        kpis: { ...real.kpis, weight_kg_12m: markKg },
      });
    }),
  );
  return { arrived, release, answered, figure: formatWeight(markKg) };
}

/** Whether a request carries a token of the demo account `who`. */
export const sentBy =
  (who: DemoUserKey) =>
  (request: Request): boolean =>
    (request.headers.get('authorization') ?? '').startsWith(
      `Bearer ${demoToken(who)}`,
    );
