import {
  INSTRUCTION_BODY_LIMIT_BYTES,
  InstructionPageResponseSchema,
  InstructionPagesSchema,
  InstructionPreviewSchema,
  MAX_INSTRUCTION_BODY_LENGTH,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { seedPagesFor } from '../db/instructions-seed';
import { signedInServer } from '../testing/signed-in-server';
import { describeOnEachDatabase } from '../testing/test-databases';
import { SUPER, ADMIN, BRAND_ADMIN, OPERATOR } from '../testing/demo-accounts';

const KIEHLS = { 'x-tenant-code': 'kiehls' };

/**
 * Instructions (decisions D20; docs/decisions/0097): who reads and who
 * edits the tenant's pages, the version check, the audit event, the body
 * cap, and hostile Markdown answered inert. The test server checks every
 * answer against the contract (a 500 otherwise).
 */
describeOnEachDatabase('instructions', (engine) => {
  const server = signedInServer(engine);
  const { call, json } = server;

  const page = async (slug: string, who = ADMIN, headers = {}) => {
    const response = await call(
      who,
      'GET',
      `/api/instructions/${slug}`,
      undefined,
      headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(InstructionPageResponseSchema, response.json()).page;
  };
  const edit = (slug: string, body: object, who = ADMIN, headers = {}) =>
    call(who, 'PATCH', `/api/instructions/${slug}`, body, headers);
  const preview = async (markdown: string) => {
    const response = await call(ADMIN, 'POST', '/api/instructions/preview', {
      body: markdown,
    });
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(InstructionPreviewSchema, response.json()).html;
  };
  const auditEvents = (slug: string) =>
    server.db.query<{
      action: string;
      tenant: string | null;
      member_id: number | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(
      `SELECT action, tenant, member_id, before, after FROM audit_events
        WHERE entity = 'instruction_page' AND entity_id = $1 ORDER BY id`,
      [slug],
    );

  describe('reading', () => {
    it('lists the seeded pages of the tenant in order, to collective and brand admins alike', async () => {
      const seeded = seedPagesFor('pact').map((p) => p.slug);
      for (const who of [ADMIN, BRAND_ADMIN]) {
        const body = await json(
          InstructionPagesSchema,
          '/api/instructions',
          who,
        );
        expect(body.pages.map((p) => p.slug)).toEqual(seeded);
      }
    });

    it('answers a page with its Markdown and the HTML the server rendered from it', async () => {
      const shown = await page('dashboard-figures', BRAND_ADMIN);

      expect(shown.body).toContain('**Collected weight**');
      expect(shown.html).toContain('<strong>Collected weight</strong>');
      expect(shown.html).toContain('<table>');
      expect(shown.html).not.toContain('**');
      expect(shown.updated_by).toBeNull();
    });

    it('keeps each tenant its own pages', async () => {
      const before = await page('what-is-accepted', SUPER, KIEHLS);
      const changed = await edit(
        'what-is-accepted',
        { version: before.version, title: "What Kiehl's stores accept" },
        SUPER,
        KIEHLS,
      );

      expect(changed.statusCode, changed.body).toBe(200);
      expect((await page('what-is-accepted', SUPER, KIEHLS)).title).toBe(
        "What Kiehl's stores accept",
      );
      expect((await page('what-is-accepted', SUPER)).title).toBe(
        'What is accepted',
      );
      const [event] = await auditEvents('what-is-accepted');
      expect(event?.tenant).toBe('kiehls');
      expect(event?.after).toMatchObject({
        tenant: 'kiehls',
        title: "What Kiehl's stores accept",
      });
    });

    it('answers 404 for a page that does not exist and 400 for a malformed slug', async () => {
      const missing = await call(
        ADMIN,
        'GET',
        '/api/instructions/no-such-page',
      );
      const malformed = await call(ADMIN, 'GET', '/api/instructions/Bad_Slug');

      expect(missing.statusCode).toBe(404);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toContain('slug must be lowercase');
    });

    it('refuses brand operators (outside the route audience) with 403 and callers without a session with 401', async () => {
      const operator = await call(OPERATOR, 'GET', '/api/instructions');
      const anonymous = await server.server.app.inject({
        method: 'GET',
        url: '/api/instructions',
      });

      expect(operator.statusCode).toBe(403);
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('editing', () => {
    it('saves an edit at the version read, audits it once with before and after, and refuses the stale second edit with 409, keeping the first', async () => {
      const before = await page('packing-a-bin-box');
      const first = await edit('packing-a-bin-box', {
        version: before.version,
        body: '## Packing\n\nTape **every** seam.',
      });
      const stale = await edit('packing-a-bin-box', {
        version: before.version,
        body: 'Someone else',
      });

      expect(first.statusCode, first.body).toBe(200);
      const saved = v.parse(InstructionPageResponseSchema, first.json()).page;
      expect(saved).toMatchObject({
        version: before.version + 1,
        updated_by: expect.any(String),
        html: '<h3>Packing</h3>\n<p>Tape <strong>every</strong> seam.</p>',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        error: 'Conflict',
        message: expect.stringContaining('changed since you read it'),
        current: {
          body: '## Packing\n\nTape **every** seam.',
          version: before.version + 1,
        },
      });
      expect((await page('packing-a-bin-box')).body).toBe(
        '## Packing\n\nTape **every** seam.',
      );
      const events = await auditEvents('packing-a-bin-box');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action: 'update',
        member_id: null,
        before: { tenant: 'pact', body: before.body, version: before.version },
        after: {
          body: '## Packing\n\nTape **every** seam.',
          version: before.version + 1,
        },
      });
    });

    it('moves a page in the list by its position', async () => {
      const before = await page('dashboard-figures');
      const moved = await edit('dashboard-figures', {
        version: before.version,
        position: 1,
      });

      expect(moved.statusCode, moved.body).toBe(200);
      const { pages } = await json(InstructionPagesSchema, '/api/instructions');
      expect(pages[0]).toMatchObject({
        slug: 'dashboard-figures',
        position: 1,
      });
      expect(pages).toHaveLength(seedPagesFor('pact').length);
    });

    it('records nothing for an edit that changes nothing', async () => {
      const before = await page('mail-back-rules');
      const response = await edit('mail-back-rules', {
        version: before.version,
        title: before.title,
        body: before.body,
      });

      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().page.version).toBe(before.version);
      expect(await auditEvents('mail-back-rules')).toHaveLength(0);
    });

    it('refuses a brand admin and an operator with 403 and changes nothing', async () => {
      const before = await page('uploading-g2-files');
      for (const who of [BRAND_ADMIN, OPERATOR]) {
        const response = await edit(
          'uploading-g2-files',
          { version: before.version, title: 'Mine' },
          who,
        );
        expect(response.statusCode).toBe(403);
      }
      const preview = await call(
        BRAND_ADMIN,
        'POST',
        '/api/instructions/preview',
        { body: 'x' },
      );

      expect(preview.statusCode).toBe(403);
      expect(await page('uploading-g2-files')).toEqual(before);
      expect(await auditEvents('uploading-g2-files')).toHaveLength(0);
    });

    it('refuses a body over the cap with a 400 naming it, takes one at the cap however it is escaped, and answers 413 naming the limit above that', async () => {
      const before = await page('uploading-g2-files');
      const over = await edit('uploading-g2-files', {
        version: before.version,
        body: 'a'.repeat(MAX_INSTRUCTION_BODY_LENGTH + 1),
      });
      const escaped = await edit('uploading-g2-files', {
        version: before.version,
        // Each control character is 6 bytes of JSON (\u0001): the worst case.
        body: '\u0001'.repeat(MAX_INSTRUCTION_BODY_LENGTH),
      });
      const huge = await edit('uploading-g2-files', {
        version: before.version + 1,
        body: 'a'.repeat(INSTRUCTION_BODY_LIMIT_BYTES),
      });

      expect(over.statusCode).toBe(400);
      expect(over.json().error).toBe(
        'body must be at most 20,000 characters; split the page in two',
      );
      expect(escaped.statusCode, escaped.body).toBe(200);
      expect(huge.statusCode).toBe(413);
      expect(huge.json().error).toBe(
        'Request body is too large; the limit is 128 KiB',
      );
      expect(await auditEvents('uploading-g2-files')).toHaveLength(1);
    });

    it('answers 404 for editing a page that does not exist, and 400 for an empty title', async () => {
      const missing = await edit('no-such-page', { version: 1, title: 'X' });
      const before = await page('dashboard-figures');
      const empty = await edit('dashboard-figures', {
        version: before.version,
        title: '  ',
      });

      expect(missing.statusCode).toBe(404);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toContain('title is required');
    });
  });

  describe('hostile Markdown', () => {
    it('renders every known attack inert, in the preview and in a saved page alike', async () => {
      const attacks = [
        '<img src=x onerror=alert(1)>',
        '<script>alert(1)</script>',
        '[click](javascript:alert(1))',
        '<a href="jav&#x09;ascript:alert(1)">tab</a>',
        '<iframe src="https://evil.example"></iframe>',
        '<p style="position:fixed">styled</p>',
        '![pixel](data:image/png;base64,iVBORw0KGgo=)',
        '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
        '<svg onload=alert(1)><script>alert(1)</script></svg>',
        '<img src="//evil.example/x.png"> <img src="/\\evil.example/x.png">',
        '<form action="https://evil.example"><input name=q></form>',
        '<object data="x.swf"></object><embed src="x.swf">',
      ].join('\n\n');

      const previewed = await preview(attacks);
      const before = await page('mail-back-rules');
      const saved = await edit('mail-back-rules', {
        version: before.version,
        body: attacks,
      });
      const stored = v.parse(InstructionPageResponseSchema, saved.json()).page;

      for (const html of [previewed, stored.html]) {
        expect(html).not.toMatch(
          /<(script|iframe|style|svg|form|input|object|embed)\b/i,
        );
        expect(html).not.toMatch(/\son\w+\s*=/i);
        expect(html).not.toMatch(/javascript:|data:|style=|evil\.example/i);
        expect(html).toContain('<img src="x" alt="" />');
        expect(html).toContain('<a>click</a>');
      }
      expect(stored.html).toBe(previewed);
      expect(stored.body).toBe(attacks);
    });
  });
});
