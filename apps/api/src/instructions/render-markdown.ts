/**
 * Markdown of an instruction page to HTML that is safe to insert into the
 * dashboard (decisions D20; docs/decisions/0097): `marked` renders it (GFM,
 * raw HTML passes through), then `sanitize-html` keeps an allow-list —
 * headings, paragraphs, lists, links, emphasis, code, tables, quotes, rules
 * and same-origin images — and drops everything else: scripts, styles,
 * frames, forms, SVG, event handler and `style` attributes, and URLs other
 * than http, https and mailto (images: same origin only). What it keeps
 * needs no inline script or style, so the dashboard's content security
 * policy holds.
 */
import { Marked } from 'marked';
import sanitizeHtml, { type IOptions } from 'sanitize-html';

/**
 * A made-up origin that relative URLs are resolved against, to tell a
 * same-origin URL (`/assets/x.png`, `x.png`) from one that leaves the
 * dashboard (`//evil.example`, `/\evil.example`, which browsers read as
 * `//evil.example`).
 */
const PAGE_ORIGIN = 'https://dashboard.invalid';
const PAGE_URL = `${PAGE_ORIGIN}/instructions`;

/** Schemes a link may use; anything else (javascript:, data:, vbscript:, file:…) is dropped. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * Markdown headings one level down: the screen's title is the h1 and the
 * page's title an h2, so a page's `#` is an h2 and `##` an h3, and the
 * outline never skips a level.
 */
const HEADING_SHIFT: Readonly<Record<string, string>> = {
  h1: 'h2',
  h2: 'h3',
  h3: 'h4',
  h4: 'h5',
  h5: 'h6',
  h6: 'h6',
};

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value, PAGE_URL);
  } catch {
    return null;
  }
}

/** Whether a link's `href` may stay: http, https or mailto, or a path of the dashboard. */
export function isSafeLink(href: string): boolean {
  const url = parsedUrl(href);
  return url !== null && LINK_PROTOCOLS.has(url.protocol);
}

/** Whether an image's `src` may stay: a path on the dashboard's own origin, without a scheme. */
export function isSameOriginImage(src: string): boolean {
  const url = parsedUrl(src);
  return (
    url !== null &&
    url.origin === PAGE_ORIGIN &&
    !/^[a-z][a-z0-9+.-]*:/i.test(src.trim())
  );
}

const ALIGN = [
  { name: 'align', multiple: false, values: ['left', 'center', 'right'] },
];

const SANITIZE: IOptions = {
  allowedTags: [
    ...Object.values(HEADING_SHIFT),
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    code: ['class'],
    th: ALIGN,
    td: ALIGN,
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images: no scheme at all, so only paths of the dashboard's origin.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose content is not the page's text: dropped with the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'object',
    'template',
    'title',
    'svg',
    'math',
  ],
  transformTags: {
    ...Object.fromEntries(
      Object.entries(HEADING_SHIFT).map(([from, to]) => [
        from,
        (_name: string, attribs: sanitizeHtml.Attributes) => ({
          tagName: to,
          attribs,
        }),
      ]),
    ),
    a: (_name, attribs) => {
      const { href, title } = attribs;
      const safe = href !== undefined && isSafeLink(href);
      // An absolute web link leaves the dashboard: a new tab that cannot reach back.
      const external = safe && /^\s*https?:/i.test(href);
      return {
        tagName: 'a',
        attribs: {
          ...(safe ? { href } : {}),
          ...(title === undefined ? {} : { title }),
          ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
        },
      };
    },
    img: (_name, attribs) => {
      const { src, alt, title } = attribs;
      return {
        tagName: 'img',
        attribs: {
          ...(src !== undefined && isSameOriginImage(src) ? { src } : {}),
          alt: alt ?? '',
          ...(title === undefined ? {} : { title }),
        },
      };
    },
  },
  // An image whose source was dropped shows nothing: leave it out.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs['src'],
};

const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * The HTML of a page's Markdown, sanitised (see the module's comment):
 * the one rendering of both the pages and the editor's preview, so what an
 * editor previews is what readers get.
 */
export function renderInstructionMarkdown(body: string): string {
  const html = markdown.parse(body, { async: false });
  return sanitizeHtml(html, SANITIZE).trim();
}
