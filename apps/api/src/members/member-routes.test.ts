import { MembersResponseSchema } from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBERS } from '../db/seed';
import { describeOnEachDatabase } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';

describeOnEachDatabase('member routes', (engine) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer(engine);
    for (const email of [
      'super@pact.test',
      'admin@pact.test',
      'staff@pact.test',
      'brand.admin@kiehls.test',
      'special.admin@member1009.test',
      'operator@kiehls.test',
      'nobody@pact.test',
    ]) {
      tokens[email] = await server.login(email);
    }
  });
  afterAll(() => server?.close());

  const byId = <T extends { id: number }>(list: readonly T[]) =>
    [...list].sort((a, b) => a.id - b.id);
  const allNames = byId(DEMO_MEMBERS).map(({ id, name }) => ({ id, name }));

  describe('GET /api/members?all=true', () => {
    it('gives the super admin every member with id, name and code', async () => {
      const response = await server.get(
        '/api/members?all=true',
        tokens['super@pact.test'],
      );

      expect(response.statusCode).toBe(200);
      expect(response.json().success).toBe(true);
      expect(v.parse(MembersResponseSchema, response.json())).toEqual(
        byId(DEMO_MEMBERS),
      );
    });

    it.each([
      'admin@pact.test',
      'brand.admin@kiehls.test',
      'operator@kiehls.test',
      'nobody@pact.test',
    ])('refuses %s with a JSON 403', async (email) => {
      const response = await server.get('/api/members?all=true', tokens[email]);

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'Forbidden',
        message: expect.any(String),
      });
    });

    it('requires a session', async () => {
      const response = await server.get('/api/members?all=true');

      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /api/members?names_only=true', () => {
    it.each(['super@pact.test', 'admin@pact.test', 'staff@pact.test'])(
      'gives the collective admin %s the id and name of every member',
      async (email) => {
        const response = await server.get(
          '/api/members?names_only=true',
          tokens[email],
        );

        expect(response.statusCode).toBe(200);
        v.parse(MembersResponseSchema, response.json());
        expect(response.json()).toEqual({ success: true, members: allNames });
      },
    );

    it.each([
      ['brand.admin@kiehls.test', { id: 2, name: "Kiehl's" }],
      ['operator@kiehls.test', { id: 2, name: "Kiehl's" }],
      [
        'special.admin@member1009.test',
        { id: 1009, name: 'Meridian Naturals' },
      ],
    ])(
      'gives the brand user %s only their own member',
      async (email, member) => {
        const response = await server.get(
          '/api/members?names_only=true',
          tokens[email],
        );

        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ success: true, members: [member] });
      },
    );

    it('gives a user of no member and no admin role an empty list', async () => {
      const response = await server.get(
        '/api/members?names_only=true',
        tokens['nobody@pact.test'],
      );

      expect(response.json()).toEqual({ success: true, members: [] });
    });

    it('scopes a request without flags the same way, never widening it', async () => {
      const response = await server.get(
        '/api/members',
        tokens['brand.admin@kiehls.test'],
      );

      expect(response.json()).toEqual({
        success: true,
        members: [{ id: 2, name: "Kiehl's" }],
      });
    });

    it('refuses unknown query parameters with a JSON 400', async () => {
      const response = await server.get(
        '/api/members?names_only=true&member_id=3',
        tokens['admin@pact.test'],
      );

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'member_id is not allowed' });
    });
  });
});
