import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { readConfig } from './config';
import { createServices } from './services';
import './styles.css';

const root = createRoot(document.getElementById('root') as HTMLElement);

try {
  const config = readConfig(import.meta.env, window.location.origin);
  const services = createServices(config);
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
