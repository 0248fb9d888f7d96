import { describe, expect, it } from 'vitest';
import { inlineElementTexts, pageHeaders, sha256Source } from './page-policy';

describe('sha256Source', () => {
  it('gives the CSP hash source of a script text (the example of the CSP specification)', () => {
    expect(sha256Source("alert('Hello, world.');")).toBe(
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    );
  });
});

describe('inlineElementTexts', () => {
  const html = `<head><script>a()</script><SCRIPT type="module" src="/x.js"></SCRIPT>
<script type="module">\n b() \n</script ><style>p{}</style><script src=y.js></script></head>`;

  it('finds inline scripts exactly as written, whitespace included, and skips those with src', () => {
    expect(inlineElementTexts(html, 'script')).toEqual(['a()', '\n b() \n']);
  });

  it('finds inline styles', () => {
    expect(inlineElementTexts(html, 'style')).toEqual(['p{}']);
  });

  it('finds nothing in a page without inline elements', () => {
    expect(inlineElementTexts('<p>no scripts</p>', 'script')).toEqual([]);
  });
});

describe('pageHeaders', () => {
  it("allows the page's inline scripts by hash and never 'unsafe-inline'", () => {
    const csp = pageHeaders('<script>boot()</script>')[
      'content-security-policy'
    ];

    expect(csp).toContain(`script-src 'self' ${sha256Source('boot()')};`);
    expect(csp).not.toContain('unsafe-inline');
  });
});
