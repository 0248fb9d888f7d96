import { createBrowserPlatform } from '@collective/platform';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { linkPurposeOf } from './app/link-page/link-purpose';
import { readConfig } from './config';
import { createServices } from './services';
import './styles.css';

const rootElement = document.getElementById('root') as HTMLElement;

/** What a visitor does first on the sign-in page: point, type, touch. */
const INTENT_EVENTS = [
  'pointerdown',
  'keydown',
  'touchstart',
  'input',
] as const;

/**
 * Runs `task` once, at the visitor's first sign of using the page (the
 * autofocus of the email field is not one), so that merely loading the page
 * costs no more than its own screen.
 */
function onFirstIntent(task: () => void): void {
  const once = () => {
    for (const type of INTENT_EVENTS)
      window.removeEventListener(type, once, true);
    task();
  };
  for (const type of INTENT_EVENTS)
    window.addEventListener(type, once, { capture: true, passive: true });
}

try {
  // The one place the dashboard reaches for `window`; everything else gets the platform.
  const platform = createBrowserPlatform(window);
  const config = readConfig(import.meta.env, platform.origin);
  const services = createServices(config, platform);
  // Defined by the session boot script of a build (vite.config.mts).
  services.preloadScreenFiles = (path) => window.__preloadScreen?.(path);
  const app = (
    <StrictMode>
      <App services={services} build={config.build} />
    </StrictMode>
  );
  if (
    rootElement.hasAttribute('data-prerendered') &&
    services.session.getState().status === 'logged-out' &&
    // A mailed link's page is not the prerendered sign-in screen.
    linkPurposeOf(window.location.pathname) === null
  ) {
    // The HTML already shows the sign-in screen, painted before this script
    // was loaded (the entry loader of vite.config.mts waits for the paint):
    // take it over as it is, in a task of its own and in a transition, which
    // React renders in slices that leave the page responsive (its button
    // works once this has run).
    setTimeout(() => startTransition(() => void hydrateRoot(rootElement, app)));
    // Once the visitor starts on the form, fetch what signing in will need
    // (the API client, the signed-in shell), so they wait for neither.
    onFirstIntent(() => {
      void services.loadApi();
      void import('./app/signed-in');
    });
  } else {
    rootElement.replaceChildren();
    createRoot(rootElement).render(app);
    void services.session.restore();
  }
  rootElement.removeAttribute('data-prerendered');
} catch (error) {
  rootElement.removeAttribute('data-prerendered');
  createRoot(rootElement).render(
    <main className="config-error">
      <h1>The dashboard is not configured correctly</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </main>,
  );
}
