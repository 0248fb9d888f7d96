import {
  AnalyticsSeriesSchema,
  DashboardSummarySchema,
  DataExportCountSchema,
  DownloadResponseSchema,
  RegionalSummarySchema,
  ReportRunResponseSchema,
  ReportRunsSchema,
  type ReportRun,
} from '@collective/api-client/contract';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { gramsOf, kgOf } from '../analytics/periods';
import {
  addMonths,
  contractMonth,
  lastTwelveMonths,
  monthStartOf,
  type MonthStart,
} from '../data/months';
import { DEMO_MEMBERS } from '../db/seed';
import { present } from '../testing/present';
import { signedInServer } from '../testing/signed-in-server';
import { describeOnEachDatabase } from '../testing/test-databases';
import {
  SUPER,
  ADMIN,
  BRAND_ADMIN,
  OPERATOR,
  SPECIAL,
  KIEHLS,
} from '../testing/demo-accounts';

const DAY_MS = 86_400_000;

/** The server's clock runs `offsetMs` ahead of the real one (expiry tests move it). */
let offsetMs = 0;

const months = lastTwelveMonths(new Date());
const FROM = contractMonth(present(months[0], 'the first month'));
const TO = contractMonth(present(months.at(-1), 'the last month'));

/** The lines of a CSV body without its byte-order mark. */
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

/** The cells of a CSV line (no quoted commas in the columns these tests read). */
const cells = (line: string) => line.split(',');

/**
 * The report generator (decisions D14, D18; docs/decisions/0101): runs as
 * jobs, their scope, their files and audit events, cancel and expiry, and
 * totals that are the dashboard's figures. The test server runs jobs, and
 * pauses between a run's steps so a cancel can reach a running run.
 */
describeOnEachDatabase('report generator', (engine) => {
  const server = signedInServer(
    engine,
    {
      runJobs: true,
      jobQueue: { pollIntervalMs: 25 },
      reportJobs: { pauseMs: 40 },
      clock: () => new Date(Date.now() + offsetMs),
    },
    [SPECIAL],
  );
  const { call, json } = server;

  async function run(body: object, who = SUPER): Promise<ReportRun> {
    const response = await call(who, 'POST', '/api/reports', body);
    expect(response.statusCode, response.body).toBe(201);
    return v.parse(ReportRunResponseSchema, response.json()).run;
  }

  /** Polls the run until it has ended. */
  async function finished(id: string, who = SUPER): Promise<ReportRun> {
    for (let tries = 0; tries < 400; tries += 1) {
      const { run: current } = await json(
        ReportRunResponseSchema,
        `/api/reports/${id}`,
        who,
      );
      if (!['queued', 'running'].includes(current.status)) return current;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Report run ${id} did not finish.`);
  }

  const file = (id: string, format: string, who = SUPER) =>
    call(who, 'GET', `/api/reports/${id}/files/${format}`);

  /** The CSV total row's value of `column`. */
  async function csvTotal(
    id: string,
    column: string,
    who = SUPER,
  ): Promise<number> {
    const response = await file(id, 'csv', who);
    expect(response.statusCode, response.body).toBe(200);
    const lines = csvLines(response.body);
    const header = cells(present(lines[0], 'the header'));
    const total = cells(present(lines.at(-1), 'the total line'));
    expect(total).toContain('Total');
    return Number(total[header.indexOf(column)]);
  }

  it('runs a member impact report whose collected total is the dashboard’s 12-month figure, with CSV, XLSX and a printable page', async () => {
    const started = await run({
      template: 'member-impact',
      from: FROM,
      to: TO,
      member_id: KIEHLS,
    });
    expect(started.parameters).toMatchObject({
      template: 'member-impact',
      member_id: KIEHLS,
      member_name: "Kiehl's",
    });
    const done = await finished(started.id);
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect(done.rows).toBe(12);
    expect(done.files.map((f) => f.format)).toEqual(['csv', 'xlsx', 'html']);
    expect(done.expires_at).not.toBeNull();

    const dashboard = await json(
      DashboardSummarySchema,
      `/api/dashboard/summary?member_id=${KIEHLS}`,
      SUPER,
    );
    const collected = await csvTotal(started.id, 'collected_kg');
    expect(Math.round(collected * 10) / 10).toBe(dashboard.kpis.weight_kg_12m);

    const csv = await file(started.id, 'csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="member-impact-${FROM}-to-${TO}.csv"`,
    );
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe(
      'month,shipments,units,collected_kg,sorted_kg,outcome_confirmed_kg,recycled_kg,recycling_rate,weighed_kg,contamination_kg,contamination_rate',
    );
    expect(lines).toHaveLength(14);
    expect(lines[1]?.startsWith(`${FROM},`)).toBe(true);

    const xlsx = await file(started.id, 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = present(workbook.getWorksheet('Report'), 'the sheet');
    // Title, generated, header, 12 months, total.
    expect(sheet.rowCount).toBe(16);
    expect(sheet.getRow(4).getCell(1).value).toBe(FROM);
    expect(sheet.getRow(16).getCell(1).value).toBe('Total');
    expect(sheet.getRow(16).getCell(4).value).toBe(collected);

    const page = await file(started.id, 'html');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-disposition']).toMatch(/^inline;/);
    expect(page.headers['content-security-policy']).toMatch(
      /default-src 'none'.*style-src 'sha256-/,
    );
    expect(page.body).toContain('<h1>Member impact report · Kiehl&#39;s');
    expect(page.body).toContain('<tfoot><tr><td>Total</td>');

    const events = await server.db.query<{
      action: string;
      member_id: number | null;
    }>(
      `SELECT action, member_id FROM audit_events
        WHERE entity = 'report' AND entity_id = $1 ORDER BY id`,
      [started.id],
    );
    expect(events).toEqual([
      { action: 'run', member_id: KIEHLS },
      ...Array.from({ length: 4 }, () => ({
        action: 'download',
        member_id: KIEHLS,
      })),
    ]);
  });

  it('adds up the same collected and confirmed weight in every template for one scope and period', async () => {
    const body = { from: FROM, to: TO };
    const [impact, states, stores, custody] = await Promise.all(
      (
        [
          'member-impact',
          'state-material',
          'store-summary',
          'chain-of-custody',
        ] as const
      ).map(async (template) =>
        finished((await run({ template, ...body }, ADMIN)).id, ADMIN),
      ),
    );
    for (const done of [impact, states, stores, custody]) {
      expect(present(done, 'a run').status).toBe('succeeded');
    }
    const id = (done: ReportRun | undefined) => present(done, 'a run').id;
    const collected = await csvTotal(id(impact), 'collected_kg');
    expect(collected).toBeGreaterThan(0);
    expect(await csvTotal(id(states), 'collected_kg')).toBe(collected);
    expect(await csvTotal(id(stores), 'collected_kg')).toBe(collected);
    const confirmed = await csvTotal(id(impact), 'outcome_confirmed_kg');
    expect(await csvTotal(id(states), 'outcome_confirmed_kg')).toBe(confirmed);
    expect(await csvTotal(id(custody), 'outcome_confirmed_kg')).toBe(confirmed);
    const dashboard = await json(
      DashboardSummarySchema,
      '/api/dashboard/summary',
      ADMIN,
    );
    expect(Math.round(collected * 10) / 10).toBe(dashboard.kpis.weight_kg_12m);

    // Each state's rows add up to the regional summary's figure for that
    // state: one table of the states of the programme's cities.
    const regions = await json(
      RegionalSummarySchema,
      '/api/analytics/regions',
      ADMIN,
    );
    const stateLines = csvLines((await file(id(states), 'csv', ADMIN)).body);
    const grams = new Map<string, number>();
    for (const line of stateLines.slice(1, -1)) {
      const [state, region, , weight] = cells(line);
      const key = `${region} ${state}`;
      grams.set(key, (grams.get(key) ?? 0) + gramsOf(Number(weight)));
    }
    const summary = new Map(
      regions.regions.flatMap((region) =>
        region.states
          .filter((state) => state.weight_kg > 0)
          .map((state) => [
            `${region.region} ${state.state ?? 'Unknown'}`,
            state.weight_kg,
          ]),
      ),
    );
    expect(
      new Map([...grams].map(([key, total]) => [key, kgOf(total)])),
    ).toEqual(summary);
  }, 60_000);

  it("agrees with the dashboard's 12-month collected weight for any scope", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<number | null>(null, ...DEMO_MEMBERS.map((m) => m.id)),
        async (memberId) => {
          const started = await run({
            template: 'member-impact',
            from: FROM,
            to: TO,
            ...(memberId === null ? {} : { member_id: memberId }),
          });
          expect((await finished(started.id)).status).toBe('succeeded');
          const dashboard = await json(
            DashboardSummarySchema,
            `/api/dashboard/summary${memberId === null ? '' : `?member_id=${memberId}`}`,
            SUPER,
          );
          const collected = await csvTotal(started.id, 'collected_kg');
          expect(Math.round(collected * 10) / 10).toBe(
            dashboard.kpis.weight_kg_12m,
          );
          const units = await csvTotal(started.id, 'units');
          expect(units).toBe(dashboard.kpis.units_12m);
        },
      ),
      { numRuns: 4 },
    );
  }, 60_000);

  /*
   * One definition per metric (D14; issue 22): for a random scope and
   * period, four answers give the same collected weight, units and
   * shipments. Compared: collected weight = the raw export's receipts
   * (the sum of their `net_kg`, in grams) = a report's total
   * `collected_kg` (member impact or store summary, run as a job, to the
   * gram) = the analytics series' `totals.current.weight_kg` (rounded to
   * 100 g, so equal to the grams rounded once); units and shipments = the
   * report's total = the series'; shipments = the raw export's count of
   * shipments shipped in the period. The dashboard has two fixed periods
   * (the last 12 months and this month): when the period is one of them,
   * its `weight_kg_12m`/`units_12m` or `weight_kg_month`/`units_month`
   * are the same figures too.
   */
  const thisMonth = monthStartOf(new Date());
  interface Scope {
    who: string;
    /** The member the server must answer for; `null`: the collective. */
    member: number | null;
    /** The `member_id` sent (a brand admin's is ignored). */
    sent: number | null;
  }
  interface Period {
    from: MonthStart;
    to: MonthStart;
  }
  const scopes = fc.oneof(
    fc.constant<Scope>({ who: ADMIN, member: null, sent: null }),
    fc
      .constantFrom(...DEMO_MEMBERS.map((m) => m.id))
      .map((id): Scope => ({ who: ADMIN, member: id, sent: id })),
    fc
      .constantFrom<number | null>(null, ...DEMO_MEMBERS.map((m) => m.id))
      .map((sent): Scope => ({ who: BRAND_ADMIN, member: KIEHLS, sent })),
  );
  const LAST_12: Period = { from: addMonths(thisMonth, -11), to: thisMonth };
  const THIS_MONTH: Period = { from: thisMonth, to: thisMonth };
  const periods = fc.oneof(
    fc.constant(LAST_12),
    fc.constant(THIS_MONTH),
    fc
      .record({
        end: fc.integer({ min: 0, max: 24 }),
        length: fc.integer({ min: 1, max: 36 }),
      })
      .map(({ end, length }): Period => {
        const to = addMonths(thisMonth, -end);
        return { from: addMonths(to, 1 - length), to };
      }),
  ); /** The last day of `month`, `YYYY-MM-DD`. */
  const lastDayOf = (month: MonthStart) =>
    new Date(Date.parse(addMonths(month, 1)) - DAY_MS)
      .toISOString()
      .slice(0, 10);

  it('gives the dashboard’s, the analytics series’, a report’s and the raw export’s totals to the gram for random scopes and periods', async () => {
    // Committed G2 rows count as collected (0099) but are no receipts:
    // the demo seed commits none, so the receipts are all of it here.
    const [g2] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM g2_collections',
    );
    expect(g2?.n).toBe(0);
    await fc.assert(
      fc.asyncProperty(
        scopes,
        periods,
        fc.constantFrom('member-impact', 'store-summary'),
        async (scope, period, template) => {
          const from = contractMonth(period.from);
          const to = contractMonth(period.to);
          const member = scope.sent === null ? {} : { member_id: scope.sent };
          const memberQuery =
            scope.sent === null ? '' : `&member_id=${scope.sent}`;
          const days = `from=${period.from}&to=${lastDayOf(period.to)}${memberQuery}`;
          const label = `${scope.who} member ${scope.member} ${from}–${to} ${template}`;

          const started = await run(
            { template, from, to, ...member },
            scope.who,
          );
          expect(started.parameters.member_id, label).toBe(scope.member);
          const series = await json(
            AnalyticsSeriesSchema,
            `/api/analytics/series?from=${from}&to=${to}${memberQuery}`,
            scope.who,
          );
          expect(series.scope.member_id, label).toBe(scope.member);
          const exported = await call(
            scope.who,
            'GET',
            `/api/data-export?dataset=receipts&columns=net_kg&${days}`,
          );
          expect(exported.statusCode, exported.body).toBe(200);
          const [header, ...rows] = csvLines(exported.body);
          expect(header).toBe('net_kg');
          const grams = rows.reduce(
            (sum, row) => sum + gramsOf(Number(row)),
            0,
          );
          const shipments = await json(
            DataExportCountSchema,
            `/api/data-export/count?dataset=shipments&${days}`,
            scope.who,
          );

          expect((await finished(started.id, scope.who)).status).toBe(
            'succeeded',
          );
          const total = (column: string) =>
            csvTotal(started.id, column, scope.who);
          expect(gramsOf(await total('collected_kg')), label).toBe(grams);
          expect(series.totals.current.weight_kg, label).toBe(kgOf(grams));
          expect(await total('units'), label).toBe(series.totals.current.units);
          expect(await total('shipments'), label).toBe(
            series.totals.current.shipments,
          );
          expect(shipments.count, label).toBe(series.totals.current.shipments);

          const fixed =
            period.to === thisMonth &&
            (period.from === LAST_12.from
              ? ('12m' as const)
              : period.from === thisMonth
                ? ('month' as const)
                : null);
          if (fixed) {
            const { kpis } = await json(
              DashboardSummarySchema,
              `/api/dashboard/summary?${memberQuery.slice(1)}`,
              scope.who,
            );
            expect(kpis[`weight_kg_${fixed}`], label).toBe(kgOf(grams));
            expect(kpis[`units_${fixed}`], label).toBe(
              series.totals.current.units,
            );
          }
        },
      ),
      {
        numRuns: 5,
        // Both of the dashboard's periods in every run of the suite.
        examples: [
          [
            { who: BRAND_ADMIN, member: KIEHLS, sent: 5 },
            LAST_12,
            'store-summary',
          ],
          [
            { who: ADMIN, member: null, sent: null },
            THIS_MONTH,
            'member-impact',
          ],
        ],
      },
    );
  }, 120_000);

  it("keeps a brand admin to their own member: runs forced to it, another member's run a 404", async () => {
    const own = await run(
      { template: 'store-summary', from: TO, to: TO, member_id: 1009 },
      BRAND_ADMIN,
    );
    expect(own.parameters.member_id).toBe(KIEHLS);
    const other = await run({
      template: 'member-impact',
      from: TO,
      to: TO,
      member_id: 1009,
    });
    const collectiveKiehls = await run({
      template: 'member-impact',
      from: TO,
      to: TO,
      member_id: KIEHLS,
    });
    // The lots' export: the chain of custody of their own member's lots only.
    const custody = await run(
      { template: 'chain-of-custody', from: FROM, to: TO, member_id: 3 },
      BRAND_ADMIN,
    );
    expect(custody.parameters.member_id).toBe(KIEHLS);
    await finished(other.id);
    await finished(collectiveKiehls.id);
    expect((await finished(own.id, BRAND_ADMIN)).status).toBe('succeeded');
    expect((await finished(custody.id, BRAND_ADMIN)).status).toBe('succeeded');
    const custodyCsv = await file(custody.id, 'csv', BRAND_ADMIN);
    expect(custodyCsv.statusCode, custodyCsv.body).toBe(200);
    const lotIds = new Set(
      csvLines(custodyCsv.body)
        .slice(1, -1)
        .map((line) => cells(line)[0]),
    );
    const foreign = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM eol_lots WHERE id = ANY($1::int[]) AND member_id <> $2',
      [[...lotIds].map(Number), KIEHLS],
    );
    expect(lotIds.size).toBeGreaterThan(0);
    expect(foreign[0]?.n).toBe(0);
    for (const member of DEMO_MEMBERS.filter((m) => m.id !== KIEHLS)) {
      expect(custodyCsv.body).not.toContain(member.name);
    }

    const { runs } = await json(ReportRunsSchema, '/api/reports', BRAND_ADMIN);
    const kiehlsUsers = new Set(
      (
        await server.db.query<{ id: number }>(
          'SELECT id FROM users WHERE member_id = $1',
          [KIEHLS],
        )
      ).map((user) => user.id),
    );
    expect(runs.map((r) => r.id)).toContain(own.id);
    expect(
      runs.every(
        (r) =>
          r.parameters.member_id === KIEHLS &&
          kiehlsUsers.has(r.requested_by.id),
      ),
    ).toBe(true);
    expect(runs.map((r) => r.id)).not.toContain(collectiveKiehls.id);
    for (const [method, url] of [
      ['GET', `/api/reports/${other.id}`],
      ['GET', `/api/reports/${other.id}/files/csv`],
      ['POST', `/api/reports/${other.id}/cancel`],
      ['GET', `/api/reports/${collectiveKiehls.id}/files/xlsx`],
    ] as const) {
      expect((await call(BRAND_ADMIN, method, url)).statusCode, url).toBe(404);
    }
    const all = await json(ReportRunsSchema, '/api/reports', SUPER);
    expect(all.runs.map((r) => r.id)).toEqual(
      expect.arrayContaining([own.id, other.id, collectiveKiehls.id]),
    );
    const chosen = await json(
      ReportRunsSchema,
      '/api/reports?member_id=1009',
      SUPER,
    );
    expect(chosen.runs.map((r) => r.id)).toContain(other.id);
    expect(chosen.runs.every((r) => r.parameters.member_id === 1009)).toBe(
      true,
    );
  });

  it('refuses callers without a session (401), outside the admins and the special brand user (403), and bad parameters (400)', async () => {
    const bare = await server.server.get('/api/reports');
    expect(bare.statusCode).toBe(401);
    for (const who of [OPERATOR, SPECIAL]) {
      expect((await call(who, 'GET', '/api/reports')).statusCode, who).toBe(
        403,
      );
      const refused = await call(who, 'POST', '/api/reports', {
        template: 'member-impact',
        from: TO,
        to: TO,
      });
      expect(refused.statusCode, who).toBe(403);
    }
    for (const [body, message] of [
      [{ template: 'member-impact', from: TO, to: FROM }, /to must be/],
      [{ template: 'member-impact', from: '2020-01', to: '2023-01' }, /36/],
      [{ template: 'annual', from: TO, to: TO }, /template must be one of/],
      [
        { template: 'member-impact', from: TO, to: TO, region: 'West' },
        /region/,
      ],
      [
        { template: 'store-summary', from: TO, to: TO, region: 'Mars' },
        /region/,
      ],
      [{ template: 'member-impact', from: '2026-13', to: TO }, /from/],
    ] as const) {
      const response = await call(SUPER, 'POST', '/api/reports', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(message);
    }
    const unknownMember = await call(SUPER, 'POST', '/api/reports', {
      template: 'member-impact',
      from: TO,
      to: TO,
      member_id: 999_999,
    });
    expect(unknownMember.statusCode).toBe(404);
  });

  it('cancels a running run, which ends cancelled with no file and one audit event', async () => {
    const started = await run({
      template: 'chain-of-custody',
      from: FROM,
      to: TO,
    });
    for (let tries = 0; tries < 200; tries += 1) {
      const { run: current } = await json(
        ReportRunResponseSchema,
        `/api/reports/${started.id}`,
        SUPER,
      );
      if (current.status === 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const cancel = await call(
      SUPER,
      'POST',
      `/api/reports/${started.id}/cancel`,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const done = await finished(started.id);
    expect(done.status).toBe('cancelled');
    expect(done.files).toEqual([]);
    const [stored] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM report_files WHERE job_id = $1',
      [started.id],
    );
    expect(stored?.n).toBe(0);
    expect((await file(started.id, 'csv')).statusCode).toBe(404);
    const again = await call(
      SUPER,
      'POST',
      `/api/reports/${started.id}/cancel`,
    );
    expect(again.statusCode).toBe(200);
    const events = await server.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE entity = 'report' AND entity_id = $1 ORDER BY id`,
      [started.id],
    );
    expect(events.map((e) => e.action)).toEqual(['run', 'cancel']);
  });

  it('opens a file through a single-use download link, and keeps it 7 days', async () => {
    const started = await run({ template: 'store-summary', from: TO, to: TO });
    expect((await finished(started.id)).status).toBe('succeeded');
    const path = `/api/reports/${started.id}/files/csv`;
    const link = await call(SUPER, 'POST', '/api/downloads', { path });
    expect(link.statusCode, link.body).toBe(201);
    const { url } = v.parse(DownloadResponseSchema, link.json());
    const opened = await server.server.get(url);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(csvLines(opened.body)[0]).toMatch(/^store_id,store,city,state,/);
    expect((await server.server.get(url)).statusCode).toBe(401);

    try {
      offsetMs = 6 * DAY_MS;
      expect((await file(started.id, 'csv')).statusCode).toBe(200);
      offsetMs = 7 * DAY_MS + 60_000;
      expect((await file(started.id, 'csv')).statusCode).toBe(404);
      expect(
        (await call(SUPER, 'GET', `/api/reports/${started.id}`)).statusCode,
      ).toBe(404);
      const { runs } = await json(ReportRunsSchema, '/api/reports', SUPER);
      expect(runs.map((r) => r.id)).not.toContain(started.id);
    } finally {
      offsetMs = 0;
    }
  });
});
