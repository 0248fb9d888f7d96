import { DownloadResponseSchema } from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';

describeOnEachDatabase('CSV exports and download links', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  async function link(token: string, path: string, tenant = 'pact') {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/downloads',
      headers: { authorization: `Bearer ${token}`, 'x-tenant-code': tenant },
      payload: { path },
    });
    expect(response.statusCode, response.body).toBe(201);
    return v.parse(DownloadResponseSchema, response.json()).url;
  }
  const lines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');

  it("streams the brand user's own stores as CSV through a single-use link, whatever member it asks for, and records the export", async () => {
    const token = await server.login('brand.admin@kiehls.test');
    const url = await link(
      token,
      '/api/stores/export?sort=-weight&member_id=1009',
    );

    const file = await server.get(url);
    const again = await server.get(url);

    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="stores-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = lines(file.body);
    expect(header).toBe(
      'id,name,city,region,member,channel,active,weight_kg_12m,shipments_12m,last_shipment_at',
    );
    expect(rows).toHaveLength(16);
    expect(rows.every((row) => row.includes(",Kiehl's,"))).toBe(true);
    expect(again.statusCode).toBe(401);
    const [event] = await server.db.query<{
      action: string;
      member_id: number;
    }>(
      "SELECT action, member_id FROM audit_events WHERE entity = 'export' ORDER BY id DESC LIMIT 1",
    );
    expect(event).toEqual({ action: 'download', member_id: 2 });
  });

  it('exports every store of the collective for a collective admin with a token, past one page', async () => {
    const token = await server.login('admin@pact.test');
    const file = await server.get('/api/stores/export', token);
    expect(file.statusCode).toBe(200);
    expect(lines(file.body)).toHaveLength(73);
  });

  it('refuses a link to anything but an export, a tampered query, and an export without credentials', async () => {
    const token = await server.login('admin@pact.test');
    const notExport = await server.app.inject({
      method: 'POST',
      url: '/api/downloads',
      headers: { authorization: `Bearer ${token}` },
      payload: { path: '/api/keys' },
    });
    const url = await link(token, '/api/stores/export?search=port');
    const tampered = await server.get(url.replace('search=port', 'search=a'));
    const bare = await server.get('/api/stores/export');

    expect(notExport.statusCode).toBe(400);
    expect(tampered.statusCode).toBe(401);
    expect(bare.statusCode).toBe(401);
  });
});
