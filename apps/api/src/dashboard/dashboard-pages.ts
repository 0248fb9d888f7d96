import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  IMMUTABLE_CACHE_CONTROL,
  REVALIDATE_CACHE_CONTROL,
} from '../constants';
import { sendError } from '../http/error-replies';
import { sendHeaders } from '../http/security-headers';
import { pageHeaders } from './page-policy';

/** The app's single page, which every route of the dashboard answers with. */
export const INDEX_HTML = 'index.html';

/** Folder of Vite's content-hashed build output, cached for good. */
export const HASHED_ASSETS_DIR = 'assets';

/** Options of {@link dashboardPages}. */
export interface DashboardPagesOptions {
  /** Absolute path of the built dashboard (`apps/dashboard/dist`), holding `index.html`. */
  dir: string;
}

/**
 * Whether an `Accept` header admits an HTML answer: `text/html`, `text/*`
 * or `*\/*` with a quality above 0. No header at all admits anything
 * (RFC 9110, section 12.5.1).
 */
export function acceptsHtml(accept: string | undefined): boolean {
  if (accept === undefined) return true;
  return accept.split(',').some((range) => {
    const [type = '', ...parameters] = range
      .split(';')
      .map((part) => part.trim().toLowerCase());
    if (type !== 'text/html' && type !== 'text/*' && type !== '*/*') {
      return false;
    }
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/**
 * A path the app's router may own: segments of letters, digits and
 * `-_~!$&'()*+,;=:@`, with no dot (a dot marks a file: a missing asset is a
 * 404, never the page), no `%` (no encoded separators or dot segments), no
 * empty segment and no backslash, and not in the build's `assets/` folder.
 * Anything else is refused, which also refuses every path-traversal spelling.
 */
const APP_PATH = new RegExp(
  `^(?!/${HASHED_ASSETS_DIR}(?:/|$))(?:/[\\w~!$&'()*+,;=:@-]+)*/?$`,
);

/** The path of a request URL, without its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Whether `file` (an absolute path below `dir`) is hashed build output,
 * which never changes under its name.
 */
function isHashedAsset(dir: string, file: string): boolean {
  return relative(dir, file).split(sep)[0] === HASHED_ASSETS_DIR;
}

/**
 * The built dashboard: every file of `dir` at its own path, precompressed
 * (`.br`, `.gz` written at build time) for clients that accept it, hashed
 * assets cached for a year and everything else revalidated; pages get
 * helmet's headers and a strict content security policy
 * ({@link pageHeaders}). A GET or HEAD of an app path that accepts
 * HTML gets `index.html` (the single-page app's fallback, so deep links and
 * reloads work); any other unknown path gets a JSON 404. Only files present
 * at start are served, each by a route of its own: no request path ever
 * reaches the file system. Register it beside the API, not under `/api`:
 * the API's own 404 handler answers there.
 */
export const dashboardPages: FastifyPluginAsync<DashboardPagesOptions> = async (
  app,
  { dir },
) => {
  const indexHtml = await readFile(join(dir, INDEX_HTML), 'utf8');
  app.addHook('onRequest', sendHeaders(pageHeaders(indexHtml)));
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    preCompressed: true,
    // Compressed copies are chosen by Accept-Encoding, never asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    index: [INDEX_HTML],
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) => {
      reply.header(
        'cache-control',
        isHashedAsset(dir, file)
          ? IMMUTABLE_CACHE_CONTROL
          : REVALIDATE_CACHE_CONTROL,
      );
    },
  });
  app.setNotFoundHandler(
    (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
      const page =
        (request.method === 'GET' || request.method === 'HEAD') &&
        APP_PATH.test(pathOf(request.url)) &&
        acceptsHtml(request.headers.accept);
      return page
        ? reply.sendFile(INDEX_HTML)
        : sendError(reply, 404, 'Not found');
    },
  );
};
