import { createBrowserPlatform } from '@collective/platform';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { linkPurposeOf } from './app/link-page/link-purpose';
import { readConfig } from './config';
import { createServices } from './services';
import './styles.css';

const rootElement = document.getElementById('root') as HTMLElement;

/** Runs `task` once the next frame has been painted (or after 100 ms, as in a background tab). */
function afterFirstPaint(task: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    task();
  };
  requestAnimationFrame(() => setTimeout(once));
  setTimeout(once, 100);
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
    // The HTML already shows the sign-in screen: let the browser paint it,
    // then take it over as it is (its button works once this has run).
    afterFirstPaint(() => hydrateRoot(rootElement, app));
    // Once the page is loaded and idle, fetch what signing in will need (the
    // API client, the signed-in shell), so the user waits for neither.
    const prefetch = () =>
      (window.requestIdleCallback ?? setTimeout)(() => {
        void services.loadApi();
        void import('./app/signed-in');
      });
    if (document.readyState === 'complete') prefetch();
    else window.addEventListener('load', prefetch, { once: true });
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
