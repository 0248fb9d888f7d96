import { endpoints, type Endpoint } from '@collective/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';

describeOnEachDatabase('the API reference', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  describe('GET /api/openapi.json', () => {
    it('describes every call of the contract, with its parameters, body, answers and who may call it', async () => {
      const response = await server.get('/api/openapi.json');
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.openapi).toBe('3.1.0');
      for (const [name, entry] of Object.entries(endpoints) as [
        string,
        Endpoint,
      ][]) {
        const served = entry.servedBy ?? name;
        const path = entry.path.replace(/:(\w+)/g, '{$1}');
        const operation = document.paths[path]?.[entry.method.toLowerCase()];
        expect(operation?.operationId, `${entry.method} ${path}`).toBe(served);
      }
      const stores = document.paths['/api/stores'].get;
      expect(stores.security).toEqual([{ session: [] }, { apiKey: [] }]);
      expect(stores.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining([
          'search',
          'sort',
          'page',
          'page_size',
          'member_id',
        ]),
      );
      const create = document.paths['/api/saved-views'].post;
      expect(
        create.requestBody.content['application/json'].schema.required,
      ).toEqual(
        expect.arrayContaining(['list', 'name', 'visibility', 'state']),
      );
      expect(Object.keys(create.responses)).toEqual(
        expect.arrayContaining(['201', '400', '401', '409', '422']),
      );
    });
  });

  describe('GET /api/docs', () => {
    it('serves a readable page with a policy of its own that loads scripts from this origin only', async () => {
      const page = await server.get('/api/docs/');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const policy = String(page.headers['content-security-policy']);
      expect(policy).not.toContain("default-src 'none'");
      expect(policy).not.toContain('unsafe-inline');
    });
  });
});
