import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';
import { escapeHtml, fieldErrors, requestOfForm } from './mailback-page';
import { MailbackRequestSchema } from '@collective/api-client/contract';
import * as v from 'valibot';

const PGLITE = TEST_DATABASES[0]!;

describe('the public mail-back page', () => {
  let server: TestServer;
  let formVersion = '';
  let address = 0;
  beforeAll(async () => {
    server = await startTestServer(PGLITE);
    const page = await server.get('/mail-back');
    formVersion =
      /name="form_version" value="(\d+)"/.exec(page.body)?.[1] ?? '';
  });
  afterAll(() => server?.close());

  const filled = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      form_version: formVersion,
      name: 'Ada Pike',
      email: 'ada.pike@example.com',
      address_line1: '5 Elm Road',
      address_line2: '',
      city: 'Boston',
      state: 'MA',
      postal_code: '02108',
      brand_1: '2',
      count_1: '4',
      brand_2: '',
      count_2: '',
      consent: 'yes',
      ...overrides,
    }).toString();
  const post = (body: string, query = '') =>
    server.app.inject({
      method: 'POST',
      url: `/mail-back${query}`,
      remoteAddress: `192.0.2.${++address}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });

  it('is a page with labelled fields, no script and a policy that allows none', async () => {
    const page = await server.get('/mail-back');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).not.toMatch(/<script/i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    expect(csp).toMatch(/style-src 'sha256-/);
    expect(page.body).toMatch(/<form method="post" action="\/mail-back"/);
    for (const id of [
      'name',
      'email',
      'address_line1',
      'city',
      'state',
      'postal_code',
      'brand_1',
      'count_1',
      'consent',
    ]) {
      expect(page.body).toContain(`for="${id}"`);
      expect(page.body).toContain(`id="${id}"`);
    }
    expect(page.body).toMatch(/only to send my prepaid label/);
  });

  it('is themed by tenant and offers that tenant’s brands', async () => {
    const pact = await server.get('/mail-back');
    const kiehls = await server.get('/mail-back?tenant=kiehls');
    expect(kiehls.body).toContain('#00fba9');
    expect(pact.body).not.toContain('#00fba9');
    expect(kiehls.body).toContain('action="/mail-back?tenant=kiehls"');
    expect(kiehls.body.match(/<option value="\d+"/g)).toHaveLength(3);
    expect((await server.get('/mail-back?tenant=nope')).statusCode).toBe(404);
  });

  it('answers a plain form POST with a redirect to the confirmation', async () => {
    const response = await post(filled());
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toMatch(
      /^\/mail-back\/thanks\?ref=MB-\d+$/,
    );
    const thanks = await server.get(String(response.headers.location));
    expect(thanks.body).toMatch(/Thank you: your label is on its way/);
    expect(thanks.body).toMatch(/MB-\d+/);
  });

  it('answers invalid input with the page again: a summary, each error beside its field, the values kept and escaped', async () => {
    const response = await post(
      filled({ name: '<b>Ada</b>', email: 'nope', count_1: '99' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/role="alert"/);
    expect(response.body).toMatch(
      /id="email-error">This must be an email address/,
    );
    expect(response.body).toMatch(
      /id="count_1" name="count_1" value="99"[^>]*aria-invalid="true"/,
    );
    expect(response.body).toContain('value="&lt;b&gt;Ada&lt;/b&gt;"');
    expect(response.body).not.toContain('<b>Ada</b>');
    expect(response.body).toMatch(/<title>Error: /);
  });

  it('refuses unexpected and repeated fields with 400, answered with the page and what happened', async () => {
    const unexpected = await post(`${filled()}&admin=1`);
    expect(unexpected.statusCode).toBe(400);
    expect(unexpected.headers['content-type']).toMatch(/text\/html/);
    expect(unexpected.body).toMatch(
      /role="alert"[\s\S]*The form field admin is not expected\. Nothing was kept/,
    );
    expect((await post(`${filled()}&name=again`)).statusCode).toBe(400);
  });

  it('refuses a body over the server-wide 16 KiB limit with 413, answered with the form and a message a consumer can act on', async () => {
    const huge = await post(filled({ address_line2: 'x'.repeat(20_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toMatch(/text\/html/);
    expect(huge.headers['content-security-policy']).toMatch(
      /default-src 'none'/,
    );
    expect(huge.body).toMatch(
      /role="alert"[\s\S]*Your request was too long to read \(more than 16 KB\), so nothing was kept/,
    );
    expect(huge.body).toMatch(/<form method="post" action="\/mail-back"/);
    expect(huge.body).not.toContain('xxxxxxxx');
    expect(huge.body).toMatch(/<title>Error: /);
  });

  it('maps the API rules to the page’s fields', () => {
    const body = requestOfForm({
      form_version: '1',
      brand_1: 'x',
      count_1: '0',
    });
    const result = v.safeParse(MailbackRequestSchema, body);
    expect(result.success).toBe(false);
    if (!result.success) {
      const errors = fieldErrors(result.issues);
      expect(Object.keys(errors)).toEqual(
        expect.arrayContaining([
          'name',
          'email',
          'brand_1',
          'count_1',
          'consent',
        ]),
      );
    }
    expect(escapeHtml(`"'<&>`)).toBe('&quot;&#39;&lt;&amp;&gt;');
  });
});
