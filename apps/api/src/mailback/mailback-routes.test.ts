import {
  CreatedApiKeySchema,
  DashboardSummarySchema,
  endpoints,
  MailbackSubmissionResponseSchema,
  MailbackSubmissionsPageSchema,
  MailbackSummarySchema,
  PublicFormSchema,
  ShipmentDetailSchema,
  type Endpoint,
} from '@collective/api-client/contract';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../testing/test-databases';
import {
  startTestServer,
  startTestServerBeside,
  type TestServer,
} from '../testing/test-server';

type Method = 'GET' | 'POST' | 'PUT';

const MAILBACK_ADMIN_CALLS = Object.values(
  endpoints as Record<string, Endpoint>,
).filter((entry) => entry.resource === 'mailback');

/** A concrete URL of an entry's path (`:id` filled with a submission or form id). */
function urlOf(entry: Endpoint): string {
  return entry.path
    .replace(
      ':id',
      entry.path.startsWith('/api/mailback/forms') ? '1' : 'MB-2001',
    )
    .replace(':version', '1');
}

describeOnEachDatabase('consumer mail-back', (engine) => {
  let server: TestServer;
  let second: TestServer;
  const tokens: Record<string, string> = {};
  let apiKey = '';
  let formVersion = 0;
  let brands: number[] = [];
  let address = 0;

  beforeAll(async () => {
    server = await startTestServer(engine);
    second = await startTestServerBeside(engine, server);
    for (const email of [
      'admin@pact.test',
      'super@pact.test',
      'brand.admin@kiehls.test',
      'operator@kiehls.test',
    ]) {
      tokens[email] = await server.login(email);
    }
    const key = await server.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { authorization: `Bearer ${tokens['admin@pact.test']}` },
      payload: { name: 'Mail-back probe' },
    });
    apiKey = v.parse(CreatedApiKeySchema, key.json()).secret;
    const form = v.parse(
      PublicFormSchema,
      (await server.get('/api/public/mailback/form')).json(),
    );
    formVersion = form.form_version;
    brands = form.fields.brands.map((brand) => brand.id);
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  function call(
    who: string,
    method: Method,
    url: string,
    payload?: object,
    on = server,
  ) {
    return on.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${who.startsWith('ck_') ? who : tokens[who]}`,
      },
      ...(payload ? { payload } : {}),
    });
  }
  const admin = (method: Method, url: string, payload?: object) =>
    call('admin@pact.test', method, url, payload);

  const request = (overrides: Record<string, unknown> = {}) => ({
    form_version: formVersion,
    name: 'Jo Marsh',
    email: 'jo.marsh@example.com',
    address_line1: '12 Alder Street',
    city: 'Portland',
    state: 'OR',
    postal_code: '97201',
    products: [{ brand: brands[0], count: 3 }],
    consent: true,
    ...overrides,
  });

  /** Submits the public form from a client address of its own unless given. */
  function submit(
    payload: unknown,
    remoteAddress = `10.1.${Math.floor(++address / 250)}.${address % 250}`,
    on = server,
  ) {
    return on.app.inject({
      method: 'POST',
      url: '/api/public/mailback/submissions',
      remoteAddress,
      ...(typeof payload === 'string'
        ? { payload, headers: { 'content-type': 'application/json' } }
        : { payload: payload as object }),
    });
  }
  async function submitted(overrides: Record<string, unknown> = {}) {
    const response = await submit(request(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ reference: string }>().reference;
  }
  async function detail(id: string) {
    const response = await admin('GET', `/api/mailback/submissions/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return v.parse(MailbackSubmissionResponseSchema, response.json())
      .submission;
  }

  describe('who reaches it', () => {
    it('answers 404 on every mail-back endpoint to a brand admin, an operator and an API key', async () => {
      expect(MAILBACK_ADMIN_CALLS.length).toBeGreaterThanOrEqual(12);
      for (const entry of MAILBACK_ADMIN_CALLS) {
        for (const who of [
          'brand.admin@kiehls.test',
          'operator@kiehls.test',
          apiKey,
        ]) {
          const response = await call(
            who,
            entry.method as Method,
            urlOf(entry),
            entry.method === 'GET' ? undefined : {},
          );
          expect(
            [response.statusCode, response.json()],
            `${entry.method} ${entry.path} as ${who.slice(0, 12)}`,
          ).toEqual([404, { error: 'Not found' }]);
        }
      }
    });

    it('answers 401 without a session, and serves collective admins', async () => {
      const anonymous = await server.get('/api/mailback/submissions');
      expect(anonymous.statusCode).toBe(401);
      for (const who of ['admin@pact.test', 'super@pact.test']) {
        const response = await call(who, 'GET', '/api/mailback/summary');
        expect(response.statusCode, response.body).toBe(200);
      }
    });
  });

  describe('the public form', () => {
    it('offers the live version with its consent text and brands', async () => {
      const form = v.parse(
        PublicFormSchema,
        (await server.get('/api/public/mailback/form')).json(),
      );
      expect(form.fields.consent_text).toMatch(/only to send my prepaid label/);
      expect(form.fields.brands.map((brand) => brand.name)).toContain(
        "Kiehl's",
      );
      const kiehls = v.parse(
        PublicFormSchema,
        (
          await server.get('/api/public/mailback/form', undefined, {
            'x-tenant-code': 'kiehls',
          })
        ).json(),
      );
      expect(kiehls.fields.brands).toEqual([{ id: 2, name: "Kiehl's" }]);
    });

    it.each([
      [
        'an oversized name',
        { name: 'x'.repeat(101) },
        /name must be at most 100 characters/,
      ],
      [
        'too many product lines',
        {
          products: Array.from({ length: 11 }, (_, i) => ({
            brand: i + 1,
            count: 1,
          })),
        },
        /at most 10 lines/,
      ],
      ['a nested name', { name: { first: 'Jo' } }, /name must be text/],
      [
        'a nested count',
        { products: [{ brand: 2, count: { $gt: 1 } }] },
        /count must be a whole number/,
      ],
      ['an unknown field', { extra: { deep: true } }, /extra is not allowed/],
      [
        'a scripted name',
        { name: '<script>alert(1)</script>' },
        /name must not contain < or >/,
      ],
      [
        'a scripted city',
        { city: 'Portland"><img src=x onerror=alert(1)>' },
        /city must not contain < or >/,
      ],
      ['a malformed email', { email: 'jo@' }, /email must be an email address/],
      [
        'a malformed ZIP code',
        { postal_code: '9720' },
        /postal_code must be a ZIP code/,
      ],
      ['an unknown state', { state: 'XX' }, /state must be a US state code/],
      ['no consent', { consent: false }, /consent must be given/],
      [
        'a brand the form does not offer',
        { products: [{ brand: 999, count: 1 }] },
        /brand 999 is not offered/,
      ],
    ])(
      'refuses %s with a 400 that says what to fix',
      async (_, overrides, message) => {
        const response = await submit(request(overrides));
        expect(response.statusCode, response.body).toBe(400);
        expect(response.body).toMatch(message);
      },
    );

    it('refuses malformed JSON with 400 and an oversized body with 413', async () => {
      const malformed = await submit('{"name": "Jo",');
      expect([malformed.statusCode, malformed.json()]).toEqual([
        400,
        { error: 'Request body is not valid JSON' },
      ]);
      const huge = await submit(request({ address_line2: 'x'.repeat(20_000) }));
      expect(huge.statusCode).toBe(413);
    });

    it('keeps nothing of a refused request', async () => {
      const [before] = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM mailback_submissions',
      );
      await submit(request({ email: 'bad' }));
      const [after] = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM mailback_submissions',
      );
      expect(after?.n).toBe(before?.n);
    });

    it('refuses the 11th submission from one address within an hour, across two instances on one database: 429 with Retry-After', async () => {
      const from = '203.0.113.7';
      for (let n = 0; n < 10; n += 1) {
        const response = await submit(
          request({ email: `limit${n}@example.com` }),
          from,
          n % 2 === 0 ? server : second,
        );
        expect(response.statusCode, response.body).toBe(201);
      }
      const eleventh = await submit(
        request({ email: 'limit10@example.com' }),
        from,
        second,
      );
      expect(eleventh.statusCode).toBe(429);
      const retryAfter = Number(eleventh.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(eleventh.json<{ message: string }>().message).toMatch(
        /try again in/,
      );
      const other = await submit(
        request({ email: 'other@example.com' }),
        '203.0.113.8',
      );
      expect(other.statusCode).toBe(201);
    });

    it('refuses the 11th submission with one email within an hour, from any address', async () => {
      for (let n = 0; n < 10; n += 1) {
        const response = await submit(request({ email: 'Same@Example.com' }));
        expect(response.statusCode, response.body).toBe(201);
      }
      const eleventh = await submit(
        request({ email: 'same@example.com' }),
        '198.51.100.1',
        second,
      );
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.headers['retry-after']).toBeDefined();
    });
  });

  describe('running the programme', () => {
    it("sums the demo seed's submissions into a summary that is not zero and agrees with the rows", async () => {
      const summary = v.parse(
        MailbackSummarySchema,
        (await admin('GET', '/api/mailback/summary')).json(),
      );
      const rows = await server.db.query<{
        status: string;
        region: string;
        label_sent: boolean;
        unused: boolean;
        weight: number | null;
      }>(
        `SELECT status, region, label_sent_at IS NOT NULL AS label_sent,
                status = 'label_sent'
                  AND label_sent_at < now() - interval '30 days' AS unused,
                received_weight_kg::float8 AS weight
           FROM mailback_submissions WHERE tenant = 'pact'`,
      );
      const count = (keep: (row: (typeof rows)[number]) => boolean) =>
        rows.filter(keep).length;
      const weight = rows.reduce((sum, row) => sum + (row.weight ?? 0), 0);
      const expected = {
        submitted: rows.length,
        labels_sent: count((r) => r.label_sent),
        in_transit: count((r) => r.status === 'in_transit'),
        received: count((r) => r.status === 'received'),
        unused_labels: count((r) => r.unused),
      };
      console.info('mail-back summary of the demo seed', {
        ...expected,
        received_weight_kg: summary.received_weight_kg,
        avg_weight_kg: summary.avg_weight_kg,
        avg_items: summary.avg_items,
      });
      expect(summary).toMatchObject(expected);
      for (const figure of Object.values(expected)) {
        expect(figure).toBeGreaterThan(0);
      }
      expect(summary.received_weight_kg).toBeCloseTo(weight, 2);
      expect(summary.avg_weight_kg).toBeGreaterThan(0);
      expect(summary.avg_items).toBeGreaterThan(0);
      for (const region of summary.by_region) {
        expect(region.labels_sent, region.region).toBe(
          count((r) => r.region === region.region && r.label_sent),
        );
        expect(region.received, region.region).toBeGreaterThan(0);
      }
      expect(summary.by_month.length).toBe(12);
      expect(
        summary.by_month.reduce((sum, month) => sum + month.submitted, 0),
      ).toBeGreaterThan(0);
    });

    it('lists submissions with personal data masked, found by name, email or reference', async () => {
      const id = await submitted({
        name: 'Quinn Tavares',
        email: 'quinn.t@example.org',
      });
      const response = await admin(
        'GET',
        '/api/mailback/submissions?search=quinn',
      );
      const page = v.parse(MailbackSubmissionsPageSchema, response.json());
      expect(page.total).toBe(1);
      expect(page.submissions[0]).toMatchObject({
        id,
        name: 'Q••• T•••',
        email: 'q•••@e•••.org',
        status: 'submitted',
        region: 'West',
        items: 3,
      });
      expect(response.body).not.toContain('Quinn');
      const byRef = await admin(
        'GET',
        `/api/mailback/submissions?search=${id}`,
      );
      expect(v.parse(MailbackSubmissionsPageSchema, byRef.json()).total).toBe(
        1,
      );
    });

    it('reveals personal data on a detail as one audit event', async () => {
      const id = await submitted({
        name: 'Rae Lindqvist',
        email: 'rae@example.net',
      });
      const masked = await detail(id);
      expect(masked.person.name).toBe('R••• L•••');
      expect(masked.revealed).toBe(false);

      const revealed = await admin(
        'POST',
        `/api/mailback/submissions/${id}/reveal`,
      );
      expect(revealed.statusCode, revealed.body).toBe(200);
      const person = v.parse(MailbackSubmissionResponseSchema, revealed.json())
        .submission.person;
      expect(person).toMatchObject({
        name: 'Rae Lindqvist',
        email: 'rae@example.net',
        address_line1: '12 Alder Street',
        postal_code: '97201',
      });
      const events = await server.db.query<{ action: string }>(
        "SELECT action FROM audit_events WHERE entity = 'mailback_submission' AND entity_id = $1 AND action = 'reveal'",
        [id],
      );
      expect(events).toHaveLength(1);
    });

    it('marks labels sent, records the arrival as one received shipment of the program (idempotent, once), and the summary counts follow', async () => {
      const summary = async () =>
        v.parse(
          MailbackSummarySchema,
          (await admin('GET', '/api/mailback/summary')).json(),
        );
      const start = await summary();
      const ids = [await submitted(), await submitted()];

      const marked = await admin(
        'POST',
        '/api/mailback/submissions/mark-label-sent',
        { ids },
      );
      expect(marked.json()).toEqual({ marked: 2, skipped: 0 });
      const again = await admin(
        'POST',
        '/api/mailback/submissions/mark-label-sent',
        { ids },
      );
      expect(again.json()).toEqual({ marked: 0, skipped: 2 });
      // One audit event per submission marked (none for the second call),
      // each under its own id, which the timeline finds by the index.
      const events = await server.db.query<{
        entity_id: string;
        after: { status: string; tracking_number: string };
      }>(
        `SELECT entity_id, after FROM audit_events
          WHERE entity = 'mailback_submission' AND action = 'mark_label_sent'
            AND entity_id = ANY($1::text[]) ORDER BY id`,
        [ids],
      );
      expect(events.map((event) => event.entity_id)).toEqual(ids);
      expect(events[0]?.after).toMatchObject({ status: 'label_sent' });
      const labelled = await detail(ids[0]!);
      expect(labelled.tracking_number).toBe(events[0]?.after.tracking_number);
      expect(labelled.status).toBe('label_sent');
      expect(labelled.tracking_number).toMatch(/^9400\d+$/);
      const mail = await server.db.query<{ recipient: string }>(
        'SELECT to_address AS recipient FROM mail_outbox WHERE submission_id = $1',
        [Number(ids[0]!.slice(3))],
      );
      expect(mail).toEqual([{ recipient: 'jo.marsh@example.com' }]);
      // The outbox collective admins read masks the consumer's address.
      const outbox = (await admin('GET', '/api/outbox')).json() as {
        messages: { to: string; body: string; purpose: string }[];
      };
      const label = outbox.messages.find((m) => m.purpose === 'mailback_label');
      expect(label?.to).toBe('j•••@e•••.com');
      expect(JSON.stringify(outbox)).not.toContain('jo.marsh');

      // The arrival becomes a received shipment of the program (D14).
      const collected = async () => ({
        kpis: v.parse(
          DashboardSummarySchema,
          (await admin('GET', '/api/dashboard/summary')).json(),
        ).kpis,
        rollup: (
          await server.db.query<{ kg: number; shipments: number }>(
            `SELECT coalesce(sum(weight_kg), 0)::float8 AS kg,
                    coalesce(sum(shipments), 0)::int AS shipments
               FROM member_months
              WHERE month = date_trunc('month', now() AT TIME ZONE 'UTC')::date`,
          )
        )[0]!,
        shipments: (
          await server.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM shipments',
          )
        )[0]!.n,
      });
      const program = await collected();
      const arrive = (version: number, key?: string) =>
        server.app.inject({
          method: 'POST',
          url: `/api/mailback/submissions/${ids[0]}/receive`,
          headers: {
            authorization: `Bearer ${tokens['admin@pact.test']}`,
            ...(key ? { 'idempotency-key': key } : {}),
          },
          payload: { version, weight_kg: 1.5 },
        });
      const received = await arrive(labelled.version, 'arrival-of-the-box');
      expect(received.statusCode, received.body).toBe(200);
      const after = v.parse(
        MailbackSubmissionResponseSchema,
        received.json(),
      ).submission;
      expect(after).toMatchObject({
        status: 'received',
        received_weight_kg: 1.5,
      });
      const shipmentId = after.shipment_id;
      expect(shipmentId).toBeGreaterThan(0);
      // A retry with the same key is answered again, making nothing more.
      const retried = await arrive(labelled.version, 'arrival-of-the-box');
      expect([retried.statusCode, retried.json()]).toEqual([
        200,
        received.json(),
      ]);
      const twice = await arrive(after.version);
      expect(twice.statusCode).toBe(409);
      expect(twice.json<{ message: string }>().message).toMatch(
        /received already/,
      );

      const shipment = v.parse(
        ShipmentDetailSchema,
        (await admin('GET', `/api/shipments/${shipmentId}`)).json(),
      );
      expect(shipment.shipment).toMatchObject({
        channel: 'mail-back',
        store_id: null,
        store_name: 'Consumer mail-back',
        store_city: null,
        member_id: brands[0],
        tracking_number: labelled.tracking_number,
        status: 'received',
      });
      expect(shipment.receipt).toMatchObject({ net_kg: 1.5, sorted_kg: 0 });
      const origin = await server.app.inject({
        method: 'PATCH',
        url: `/api/shipments/${shipmentId}/origin`,
        headers: { authorization: `Bearer ${tokens['admin@pact.test']}` },
        payload: { store_id: 1, version: shipment.shipment.version },
      });
      expect(origin.statusCode).toBe(409);
      expect(origin.json<{ message: string }>().message).toMatch(
        /no origin store to correct/,
      );
      expect(shipment.events.map((event) => event.kind)).toEqual([
        'label_created',
        'delivered',
        'received',
      ]);
      const now = await collected();
      expect(now.shipments - program.shipments).toBe(1);
      expect(now.rollup.shipments - program.rollup.shipments).toBe(1);
      expect(now.rollup.kg - program.rollup.kg).toBeCloseTo(1.5, 6);
      expect(
        now.kpis.weight_kg_month - program.kpis.weight_kg_month,
      ).toBeCloseTo(1.5, 6);
      const [linked] = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM mailback_submissions WHERE shipment_id = $1',
        [shipmentId],
      );
      expect(linked?.n).toBe(1);
      const arrivals = await server.db.query<{
        after: { shipment_id: number };
      }>(
        `SELECT after FROM audit_events
          WHERE entity = 'mailback_submission' AND action = 'receive' AND entity_id = $1`,
        [ids[0]],
      );
      expect(arrivals.map((event) => event.after.shipment_id)).toEqual([
        shipmentId,
      ]);
      expect(
        (await detail(ids[0]!)).timeline.map((event) => event.action),
      ).toEqual(['create', 'mark_label_sent', 'receive']);

      const end = await summary();
      expect(end.submitted - start.submitted).toBe(2);
      expect(end.labels_sent - start.labels_sent).toBe(2);
      expect(end.received - start.received).toBe(1);
      expect(end.received_weight_kg - start.received_weight_kg).toBeCloseTo(
        1.5,
      );
    });

    it('refuses a stale edit with 409 and the current submission', async () => {
      const id = await submitted();
      const current = await detail(id);
      await admin('POST', `/api/mailback/submissions/${id}/notes`, {
        version: current.version,
        text: 'Called back',
      });
      const stale = await admin(
        'POST',
        `/api/mailback/submissions/${id}/notes`,
        {
          version: current.version,
          text: 'Second note',
        },
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        current: { id, version: current.version + 1 },
      });
    });

    it('exports CSV without personal data unless asked for explicitly, which is audited', async () => {
      const id = await submitted({
        name: 'Sol Arden',
        email: 'sol.arden@example.com',
      });
      const plain = await admin(
        'GET',
        '/api/mailback/submissions/export?search=sol.arden',
      );
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.body).toContain(id);
      expect(plain.body).not.toContain('Sol');
      expect(plain.body).not.toContain('sol.arden');
      const personal = await admin(
        'GET',
        '/api/mailback/submissions/export?search=sol.arden&personal=true',
      );
      expect(personal.body).toContain('Sol Arden');
      const [event] = await server.db.query<{ after: { query: object } }>(
        "SELECT after FROM audit_events WHERE entity = 'export' ORDER BY id DESC LIMIT 1",
      );
      // The search named the person: the trail keeps only that one was given.
      expect(event?.after.query).toEqual({
        search: '[withheld]',
        personal: 'true',
      });
    });

    it('exports every submission once, across batches of 500', async () => {
      const id = await submitted({
        name: 'Tam Bulk',
        email: 'tam.bulk@example.com',
      });
      await server.db.query(
        `INSERT INTO mailback_submissions
           (tenant, form_version_id, status, name, email, address_line1, city,
            postal_code, state, region, products, items)
         SELECT tenant, form_version_id, status, name, email, address_line1, city,
                postal_code, state, region, products, items
           FROM mailback_submissions, generate_series(1, 520)
          WHERE id = $1`,
        [Number(id.slice(3))],
      );
      const csv = await admin(
        'GET',
        '/api/mailback/submissions/export?search=tam.bulk',
      );
      expect(csv.statusCode, csv.body).toBe(200);
      const ids = csv.body
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]);
      expect(ids).toHaveLength(521);
      expect(new Set(ids).size).toBe(521);
    });

    it('redacts after the typed confirmation: personal data gone from the database, the exports and the audit trail, figures kept', async () => {
      const name = 'Ines Wetherall';
      const email = 'ines.wetherall@example.com';
      const id = await submitted({
        name,
        email,
        address_line1: '7 Quillon Row',
        address_line2: 'Flat 9',
        city: 'Bexmoor',
      });
      // Searched for by name and email, in the list and in exports, before
      // the redaction: none of it may stay in any audit event.
      for (const search of [name, email]) {
        const query = `search=${encodeURIComponent(search)}`;
        await admin('GET', `/api/mailback/submissions?${query}`);
        await admin('GET', `/api/mailback/submissions/export?${query}`);
        await admin(
          'GET',
          `/api/mailback/submissions/export?${query}&personal=true`,
        );
      }
      await admin('POST', '/api/mailback/submissions/mark-label-sent', {
        ids: [id],
      });
      await admin('POST', `/api/mailback/submissions/${id}/reveal`);
      let current = await detail(id);
      await admin('POST', `/api/mailback/submissions/${id}/notes`, {
        version: current.version,
        text: `Spoke to ${name}`,
      });
      current = await detail(id);

      const unconfirmed = await admin(
        'POST',
        `/api/mailback/submissions/${id}/redact`,
        {
          version: current.version,
          confirm: 'yes',
        },
      );
      expect(unconfirmed.statusCode).toBe(400);
      expect(unconfirmed.json<{ message: string }>().message).toMatch(
        /typed again/,
      );

      const redacted = await admin(
        'POST',
        `/api/mailback/submissions/${id}/redact`,
        {
          version: current.version,
          confirm: id,
        },
      );
      expect(redacted.statusCode, redacted.body).toBe(200);
      const after = v.parse(
        MailbackSubmissionResponseSchema,
        redacted.json(),
      ).submission;
      expect(after).toMatchObject({
        redacted: true,
        status: 'label_sent',
        region: 'West',
      });
      expect(after.person.name).toBe('[redacted]');
      expect(after.notes).toEqual([]);

      const number = Number(id.slice(3));
      const rows = await server.db.query<Record<string, unknown>>(
        'SELECT * FROM mailback_submissions WHERE id = $1',
        [number],
      );
      expect(rows[0]).toMatchObject({
        name: null,
        email: null,
        address_line1: null,
        address_line2: null,
        city: null,
        postal_code: null,
        items: 3,
      });
      const everywhere = JSON.stringify([
        rows,
        await server.db.query(
          'SELECT * FROM mail_outbox WHERE submission_id = $1',
          [number],
        ),
        // Every audit event, whatever its entity: exports, views, mail.
        await server.db.query('SELECT before, after FROM audit_events'),
      ]);
      for (const text of [
        'Ines',
        'Wetherall',
        'ines.wetherall',
        'Quillon',
        'Flat 9',
        'Bexmoor',
      ]) {
        expect(everywhere).not.toContain(text);
      }
      const exported = await admin(
        'GET',
        `/api/mailback/submissions/export?search=${id}&personal=true`,
      );
      expect(exported.body).toContain(id);
      expect(exported.body).not.toContain('Ines');
      expect(exported.body).toContain('[redacted]');

      const reveal = await admin(
        'POST',
        `/api/mailback/submissions/${id}/reveal`,
      );
      expect(reveal.statusCode).toBe(409);
    });

    it('saves a new form version as a draft, edits it, publishes it (the live one closes), each audited; old submissions keep their version', async () => {
      type Forms = {
        forms: {
          versions: {
            version: number;
            status: string;
            revision: number;
            fields: { consent_text: string; brands: { id: number }[] };
          }[];
        }[];
      };
      const versionsOf = (forms: Forms) =>
        forms.forms[0]!.versions.map((x) => [x.version, x.status]);
      const old = await submitted();
      const saved = await admin('POST', '/api/mailback/forms/1/versions', {
        consent_text: 'I agree to the label terms, draft.',
        brand_ids: [2],
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(versionsOf(saved.json<Forms>()).slice(0, 2)).toEqual([
        [2, 'draft'],
        [1, 'live'],
      ]);
      // The public form still offers the live version while a draft waits.
      const stillLive = v.parse(
        PublicFormSchema,
        (await server.get('/api/public/mailback/form')).json(),
      );
      expect(stillLive.form_version).toBe(formVersion);
      const another = await admin('POST', '/api/mailback/forms/1/versions', {
        consent_text: 'A second draft.',
        brand_ids: [2],
      });
      expect(another.statusCode).toBe(409);
      expect(another.json<{ message: string }>().message).toMatch(
        /Version 2 is a draft already/,
      );

      const edited = await admin('PUT', '/api/mailback/forms/1/versions/2', {
        consent_text: 'I agree to the label terms, version two.',
        brand_ids: [2, 1009],
        revision: 1,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const draft = edited.json<Forms>().forms[0]!.versions[0]!;
      expect(draft).toMatchObject({ version: 2, status: 'draft', revision: 2 });
      expect(draft.fields.consent_text).toMatch(/version two/);
      const stale = await admin(
        'POST',
        '/api/mailback/forms/1/versions/2/publish',
        {
          revision: 1,
        },
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toMatch(
        /changed since you read it \(revision 1, now 2\)/,
      );
      const liveEdit = await admin('PUT', '/api/mailback/forms/1/versions/1', {
        consent_text: 'Rewriting history.',
        brand_ids: [2],
        revision: 1,
      });
      expect(liveEdit.statusCode).toBe(409);
      expect(liveEdit.json<{ message: string }>().message).toMatch(
        /Version 1 is live: only a draft/,
      );

      const published = await admin(
        'POST',
        '/api/mailback/forms/1/versions/2/publish',
        { revision: 2 },
      );
      expect(published.statusCode, published.body).toBe(200);
      expect(versionsOf(published.json<Forms>()).slice(0, 2)).toEqual([
        [2, 'live'],
        [1, 'closed'],
      ]);
      const again = await admin(
        'POST',
        '/api/mailback/forms/1/versions/2/publish',
        { revision: 3 },
      );
      expect(again.statusCode).toBe(409);

      expect((await detail(old)).form_version).toBe(1);
      const closed = await submit(request());
      expect(closed.statusCode).toBe(400);
      expect(closed.json<{ message: string }>().message).toMatch(
        /reload the page/,
      );
      const form = v.parse(
        PublicFormSchema,
        (await server.get('/api/public/mailback/form')).json(),
      );
      formVersion = form.form_version;
      brands = form.fields.brands.map((brand) => brand.id);
      expect(brands.sort()).toEqual([2, 1009].sort());
      expect(form.fields.consent_text).toMatch(/version two/);
      const fresh = await submitted();
      expect((await detail(fresh)).form_version).toBe(2);
      const events = await server.db.query<{ action: string }>(
        "SELECT action FROM audit_events WHERE entity = 'mailback_form' ORDER BY id",
      );
      expect(events.map((event) => event.action)).toEqual([
        'save_draft',
        'edit_draft',
        'publish',
      ]);
    });
  });
});
