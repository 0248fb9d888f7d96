import {
  DataSourcesSchema,
  IngestionLogsPageSchema,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';
import { recordIngestion } from './record-ingestion';

const LOG = '/api/ingestion-logs';
const FEEDS = '/api/ingestion-logs/feeds';

/**
 * Data Sources (decisions D17; docs/decisions/0100): the feeds' health and
 * the ingestion log, their scope, filters and refusals, and
 * `recordIngestion` as other writes call it. The test server also checks
 * every answer against the entry's response schema.
 */
describeOnEachDatabase('Data Sources: /api/ingestion-logs', (engine) => {
  let server: TestServer;
  let admin = '';
  let brand = '';
  let operator = '';

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await server.login('admin@pact.test');
    brand = await server.login('brand.admin@kiehls.test');
    operator = await server.login('operator@kiehls.test');
  });
  afterAll(() => server?.close());

  const feeds = async (url: string, token: string) => {
    const response = await server.get(url, token);
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(DataSourcesSchema, response.json());
  };
  const page = async (url: string, token: string) => {
    const response = await server.get(url, token);
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(IngestionLogsPageSchema, response.json());
  };

  describe('GET /api/ingestion-logs/feeds', () => {
    it('lists the four feeds for a collective admin with cadence, last success and the seeded late G2 feed flagged', async () => {
      const answer = await feeds(FEEDS, admin);
      expect(answer.scope).toEqual({ member_id: null, member_name: null });
      expect(answer.feeds.map((feed) => feed.source)).toEqual([
        'g2',
        'kiosks',
        'mailback',
        'warehouse',
      ]);
      const bySource = Object.fromEntries(
        answer.feeds.map((feed) => [feed.source, feed]),
      );
      expect(bySource['g2']).toMatchObject({
        cadence_hours: 168,
        freshness: 'late',
        last_status: 'failed',
      });
      expect(bySource['g2']?.failures_30d).toBeGreaterThanOrEqual(1);
      // The kiosks' last success is their latest heartbeat, minutes old.
      expect(bySource['kiosks']?.freshness).toBe('fresh');
      for (const feed of answer.feeds)
        expect(feed.last_success_at).not.toBeNull();
    });

    it("judges a brand admin's feeds on their member's data only, without the collective's mail-back forms, whatever member they ask for", async () => {
      const own = await feeds(FEEDS, brand);
      const asked = await feeds(`${FEEDS}?member_id=3`, brand);
      expect(own.scope).toEqual({ member_id: 2, member_name: "Kiehl's" });
      expect(asked).toEqual({ ...own, as_of: asked.as_of });
      expect(own.feeds.map((feed) => feed.source)).toEqual([
        'g2',
        'kiosks',
        'warehouse',
      ]);
      // The later of Kiehl's latest receipt and latest warehouse run that did not fail.
      const [latest] = await server.db.query<{ at: string }>(
        `SELECT to_char(greatest(
                  (SELECT max(received_at) FROM shipments WHERE member_id = 2),
                  (SELECT max(finished_at) FROM ingestion_log
                    WHERE source = 'warehouse' AND member_id = 2 AND status <> 'failed'))
                AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`,
      );
      const warehouse = own.feeds.find((feed) => feed.source === 'warehouse');
      expect(warehouse?.last_success_at).toBe(latest?.at);
    });

    it('answers 401 without a session, 403 for a brand operator, 404 for a member that does not exist', async () => {
      expect((await server.get(FEEDS)).statusCode).toBe(401);
      expect((await server.get(FEEDS, operator)).statusCode).toBe(403);
      expect(
        (await server.get(`${FEEDS}?member_id=999999`, admin)).statusCode,
      ).toBe(404);
    });
  });

  describe('GET /api/ingestion-logs', () => {
    it('pages the whole log newest first for a collective admin', async () => {
      const first = await page(`${LOG}?page_size=10`, admin);
      expect(first.ingestion_logs).toHaveLength(10);
      expect(first.total).toBeGreaterThan(100);
      const times = first.ingestion_logs.map((line) => line.started_at);
      expect(times).toEqual([...times].sort().reverse());
      const second = await page(`${LOG}?page_size=10&page=2`, admin);
      const [next] = second.ingestion_logs;
      expect(next).toBeDefined();
      expect(String(next?.started_at) <= String(times.at(-1))).toBe(true);
      expect(first.ingestion_logs.some((line) => line.member_id === null)).toBe(
        true,
      );
    });

    it('filters by feed, status and period together', async () => {
      const failed = await page(`${LOG}?source=g2&status=failed`, admin);
      expect(failed.total).toBeGreaterThanOrEqual(2);
      expect(
        failed.ingestion_logs.every(
          (line) => line.source === 'g2' && line.status === 'failed',
        ),
      ).toBe(true);
      const day = failed.ingestion_logs[0]!.started_at.slice(0, 10);
      const that = await page(
        `${LOG}?status=failed&from=${day}&to=${day}`,
        admin,
      );
      expect(that.ingestion_logs.length).toBeGreaterThanOrEqual(1);
      expect(
        that.ingestion_logs.every((line) => line.started_at.startsWith(day)),
      ).toBe(true);
    });

    it("gives a brand admin their member's lines only, never a collective-level or another member's line, whatever they send", async () => {
      const all = await page(`${LOG}?page_size=100&member_id=3`, brand);
      expect(all.scope.member_id).toBe(2);
      expect(all.total).toBeGreaterThan(0);
      expect(all.ingestion_logs.every((line) => line.member_id === 2)).toBe(
        true,
      );
      const mailback = await page(`${LOG}?source=mailback`, brand);
      expect(mailback.total).toBe(0);
    });

    it('refuses a bad filter with 400 naming it, and answers 401 and 403 like the feeds', async () => {
      for (const query of [
        'source=fax',
        'status=maybe',
        'from=2026-13-01',
        'page_size=101',
        'sort=name',
        'unknown=1',
      ]) {
        const response = await server.get(`${LOG}?${query}`, admin);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error).toContain(query.split('=')[0]);
      }
      expect((await server.get(LOG)).statusCode).toBe(401);
      expect((await server.get(LOG, operator)).statusCode).toBe(403);
    });
  });

  describe('recordIngestion', () => {
    it('appends a line inside the caller’s transaction, which a rollback takes back, and a success makes a late feed fresh', async () => {
      await expect(
        server.db.transaction(async (tx) => {
          await recordIngestion(tx, {
            source: 'g2',
            startedAt: new Date(Date.now() - 60_000),
            status: 'ok',
            rows: 5,
            message: 'rolled back',
            memberId: 2,
          });
          throw new Error('the write failed');
        }),
      ).rejects.toThrow('the write failed');
      expect(
        (await page(`${LOG}?source=g2&status=ok`, brand)).ingestion_logs[0]
          ?.message,
      ).not.toBe('rolled back');

      await server.db.transaction((tx) =>
        recordIngestion(tx, {
          source: 'g2',
          startedAt: new Date(Date.now() - 60_000),
          status: 'ok',
          rows: 120,
          message: 'Committed 120 rows of upload 7',
          memberId: 2,
        }),
      );
      const newest = (await page(LOG, brand)).ingestion_logs[0];
      expect(newest).toMatchObject({
        source: 'g2',
        rows: 120,
        member_id: 2,
        member_name: "Kiehl's",
      });
      const g2 = (await feeds(FEEDS, brand)).feeds.find(
        (feed) => feed.source === 'g2',
      );
      expect(g2?.freshness).toBe('fresh');
      expect(g2?.last_status).toBe('ok');
    });

    it('refuses rows below 0 and a run that ends before it starts, and cuts a long message', async () => {
      const startedAt = new Date();
      await expect(
        recordIngestion(server.db, {
          source: 'kiosks',
          startedAt,
          status: 'ok',
          rows: -1,
          message: '',
        }),
      ).rejects.toThrow(RangeError);
      await expect(
        recordIngestion(server.db, {
          source: 'kiosks',
          startedAt,
          finishedAt: new Date(startedAt.getTime() - 1),
          status: 'ok',
          rows: 1,
          message: '',
        }),
      ).rejects.toThrow(RangeError);
      const id = await recordIngestion(server.db, {
        source: 'kiosks',
        startedAt,
        status: 'warning',
        rows: 1,
        message: 'x'.repeat(5000),
      });
      const [row] = await server.db.query<{ length: number }>(
        'SELECT length(message) AS length FROM ingestion_log WHERE id = $1',
        [id],
      );
      expect(row?.length).toBe(2000);
    });
  });
});
