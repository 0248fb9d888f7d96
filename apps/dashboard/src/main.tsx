import { createBrowserPlatform } from '@collective/platform';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { readConfig } from './config';
import { createServices } from './services';
import './styles.css';

const root = createRoot(document.getElementById('root') as HTMLElement);

try {
  // The one place the dashboard reaches for `window`; everything else gets the platform.
  const platform = createBrowserPlatform(window);
  const config = readConfig(import.meta.env, platform.origin);
  const services = createServices(config, platform);
  void services.session.restore();
  root.render(
    <StrictMode>
      <App services={services} build={config.build} />
    </StrictMode>,
  );
} catch (error) {
  root.render(
    <main className="config-error">
      <h1>The dashboard is not configured correctly</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </main>,
  );
}
