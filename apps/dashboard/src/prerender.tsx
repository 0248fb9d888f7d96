import { createStaticPlatform } from '@collective/platform';
import { renderToString } from 'react-dom/server';
import { App } from './app/app';
import { readConfig } from './config';
import { createServices } from './services';

/**
 * The markup of the signed-out page — the sign-in screen, as the app renders
 * it with no session — for the build to put into index.html, so the page
 * paints before any script runs; `main.tsx` hydrates it. The same `App`
 * renders it here and in the browser, so the two cannot differ.
 */
export function prerenderSignedOut(): string {
  const platform = createStaticPlatform('http://localhost');
  const services = createServices(readConfig({}, platform.origin), platform);
  return renderToString(
    <App services={services} build={{ version: '', commit: '', date: '' }} />,
  );
}
