import { createHash } from 'node:crypto';
import { helmetHeaders, type HeaderSet } from '../http/security-headers';

/** The CSP source allowing one inline element whose text is exactly `text`. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The texts of the inline elements named `tag` (`script` or `style`) of an
 * HTML document, exactly as written between the tags; scripts with a `src`
 * are not inline and are left out.
 */
export function inlineElementTexts(
  html: string,
  tag: 'script' | 'style',
): string[] {
  const pattern = new RegExp(
    `<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}\\s*>`,
    'gi',
  );
  return [...html.matchAll(pattern)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes))
    .map(([, , text = '']) => text)
    .filter((text) => text !== '');
}

/**
 * Headers of the dashboard's pages and files: helmet's with a
 * content security policy that runs only the app's own scripts and the
 * inline ones of `indexHtml` (the theme boot script, by its hash, computed
 * from the built file, so it cannot drift), never `unsafe-inline`; no
 * framing, no plugins, no `<base>` elsewhere. `upgrade-insecure-requests` is
 * left out: the server is also reached over plain HTTP (locally, or a
 * container on a LAN), where it would send every asset request to HTTPS.
 */
export function pageHeaders(indexHtml: string): HeaderSet {
  const scriptHashes = inlineElementTexts(indexHtml, 'script').map(
    sha256Source,
  );
  const styleHashes = inlineElementTexts(indexHtml, 'style').map(sha256Source);
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", ...styleHashes],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    xFrameOptions: { action: 'deny' },
  });
}
