import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import {
  isSafeLink,
  isSameOriginImage,
  renderInstructionMarkdown,
} from './render-markdown';

const { document } = new JSDOM('<!doctype html><body></body>', {
  url: 'https://dashboard.example/instructions',
}).window;

/** Elements that must never reach the page. */
const FORBIDDEN = new Set([
  'script',
  'iframe',
  'style',
  'svg',
  'math',
  'object',
  'embed',
  'form',
  'input',
  'textarea',
  'link',
  'meta',
  'base',
  'template',
  'frame',
  'frameset',
]);

/**
 * What is wrong with `html` as a browser parses it: forbidden elements,
 * event handler or style attributes, link and image URLs that leave the
 * allowed schemes or the origin. Empty when it is inert.
 */
function dangers(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.localName;
    if (FORBIDDEN.has(tag)) found.push(`<${tag}>`);
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) found.push(`${tag}[${name}]`);
      if (name === 'style' || name === 'srcdoc' || name === 'xlink:href')
        found.push(`${tag}[${name}]`);
      if (name === 'href' || name === 'src') {
        const url = new URL(value, document.baseURI);
        const allowed =
          name === 'src'
            ? url.origin === 'https://dashboard.example'
            : ['http:', 'https:', 'mailto:'].includes(url.protocol);
        if (!allowed) found.push(`${tag}[${name}=${value}]`);
      }
    }
  }
  if (/<\s*\/?\s*(script|iframe|style)/i.test(html)) found.push('raw tag');
  return found;
}

/** Pieces hostile Markdown is made of: tags (every forbidden one among them), attributes, URLs, quotes and Markdown syntax. */
const PIECES = [
  '<',
  '>',
  '/',
  '=',
  '"',
  "'",
  ' ',
  '\n',
  '\n\n',
  '`',
  '```\n',
  '\t',
  ...FORBIDDEN,
  'SCRIPT',
  'img',
  'a',
  'noscript',
  'div',
  'p',
  'table',
  'td',
  'code',
  'pre',
  'h1',
  'onerror',
  'onclick',
  'OnLoad',
  'onmouseover',
  'style',
  'href',
  'src',
  'srcdoc',
  'xlink:href',
  'formaction',
  'background',
  'class',
  'id',
  'javascript:',
  'JaVaScRiPt:',
  'java&#x09;script:',
  'jav&#97;script:',
  'data:',
  'data:text/html,',
  'vbscript:',
  '//evil.example',
  '/\\evil.example',
  'https://ok.example',
  'mailto:a@b.example',
  'alert(1)',
  'x',
  'color:red',
  '[',
  ']',
  '(',
  ')',
  '![',
  '](',
  '#',
  '*',
  '&lt;',
  '&#60;',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
];

const hostile = fc
  .array(fc.constantFrom(...PIECES), { maxLength: 40 })
  .map((pieces) => pieces.join(''));

/** A tag with hostile attributes, as a person would type it. */
const hostileTag = fc
  .record({
    tag: fc.constantFrom(
      'img',
      'a',
      'p',
      'svg',
      'iframe',
      'script',
      'div',
      'td',
      'code',
    ),
    attributes: fc.array(
      fc.record({
        name: fc.constantFrom(
          'onerror',
          'onclick',
          'ONLOAD',
          'style',
          'href',
          'src',
          'srcdoc',
          'align',
          'class',
        ),
        value: fc.constantFrom(
          'alert(1)',
          'javascript:alert(1)',
          ' javascript:x',
          'data:image/svg+xml,<svg onload=alert(1)>',
          'x',
          '/ok.png',
          'https://ok.example',
          'center',
          'language-js',
          'color:red',
        ),
        quote: fc.constantFrom('"', "'", ''),
      }),
      { maxLength: 4 },
    ),
    markdownAround: fc.constantFrom(
      '',
      '# ',
      '- ',
      '> ',
      '| a |\n|---|\n| ',
      '`',
    ),
  })
  .map(
    ({ tag, attributes, markdownAround }) =>
      `${markdownAround}<${tag} ${attributes
        .map(({ name, value, quote }) => `${name}=${quote}${value}${quote}`)
        .join(' ')}>text</${tag}>`,
  );

describe('renderInstructionMarkdown', () => {
  it('renders Markdown headings one level down, lists, emphasis, code and aligned tables', () => {
    const html = renderInstructionMarkdown(
      '# Title\n\n## Part\n\n- **bold** and *em*\n\n```js\nconst a = 1 < 2;\n```\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |',
    );

    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<h3>Part</h3>');
    expect(html).toContain('<li><strong>bold</strong> and <em>em</em></li>');
    expect(html).toContain(
      '<pre><code class="language-js">const a = 1 &lt; 2;\n</code></pre>',
    );
    expect(html).toContain('<th align="center">a</th>');
    expect(html).toContain('<td align="right">2</td>');
  });

  it('keeps web, mail and dashboard links, opening web links in a new tab that cannot reach back', () => {
    const html = renderInstructionMarkdown(
      '[web](https://ok.example/a) [mail](mailto:a@b.example) [here](/instructions?page=x) [bad](javascript:alert(1))',
    );

    expect(html).toContain(
      '<a href="https://ok.example/a" target="_blank" rel="noopener noreferrer">web</a>',
    );
    expect(html).toContain('<a href="mailto:a@b.example">mail</a>');
    expect(html).toContain('<a href="/instructions?page=x">here</a>');
    expect(html).toContain('<a>bad</a>');
  });

  it("keeps images of the dashboard's own origin only", () => {
    const html = renderInstructionMarkdown(
      '![box](/assets/box.png) ![far](https://evil.example/x.png) ![data](data:image/png;base64,AA==)',
    );

    expect(html).toBe('<p><img src="/assets/box.png" alt="box" />  </p>');
  });

  it('drops script, style, frames and SVG with their content, and every event handler and style attribute', () => {
    const html = renderInstructionMarkdown(
      '<script>alert(1)</script><style>p{}</style><iframe>in</iframe><svg><text>s</text></svg><p onclick="x" style="color:red">kept</p>',
    );

    expect(html).toBe('<p>kept</p>');
  });

  it('is checked by a check that finds each danger in unsanitised HTML', () => {
    expect(
      dangers(
        '<img src="//evil.example/x" onerror="a()"><a href="jav&#x09;ascript:x" style="x">x</a><svg></svg>',
      ),
    ).toEqual([
      'img[src=//evil.example/x]',
      'img[onerror]',
      'a[href=jav\tascript:x]',
      'a[style]',
      '<svg>',
    ]);
  });

  it('never lets a handler, a script, a frame, a style or a foreign URL through, whatever the Markdown (property)', () => {
    fc.assert(
      fc.property(fc.oneof(hostile, hostileTag), (markdown) => {
        expect(dangers(renderInstructionMarkdown(markdown))).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});

describe('isSafeLink and isSameOriginImage', () => {
  it('tell allowed URLs from the rest, however they are spelled', () => {
    expect(
      [
        'https://a.example',
        'http://a.example',
        'mailto:x@y.example',
        '/p',
        'p',
        '#top',
      ].every(isSafeLink),
    ).toBe(true);
    expect(
      [
        'javascript:x',
        ' JavaScript:x',
        'java\tscript:x',
        'data:text/html,x',
        'vbscript:x',
        'file:///etc',
      ].some(isSafeLink),
    ).toBe(false);
    expect(['/assets/a.png', 'a.png', './a.png'].every(isSameOriginImage)).toBe(
      true,
    );
    expect(
      [
        '//evil.example/a.png',
        '/\\evil.example/a.png',
        'https://evil.example/a.png',
        'data:image/png;base64,AA==',
      ].some(isSameOriginImage),
    ).toBe(false);
  });
});
