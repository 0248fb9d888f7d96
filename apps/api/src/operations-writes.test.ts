/**
 * Issue 20, "every write makes one audit event; a stale correction answers
 * 409 and loses nothing; an operator's write answers 403" (decisions D15):
 * every write of the operations resources (shipments, the warehouse,
 * end-of-life lots), walked in one table. The list of writes is the
 * contract's, so a write added tomorrow fails here until it has a case.
 */
import {
  allows,
  deriveAccess,
  endpoints,
  LotDetailSchema,
  OnHandSchema,
  ShipmentDetailSchema,
  type Endpoint,
  type EndpointName,
} from '@collective/api-client/contract';
import { DEMO_USERS } from '@collective/api-client/demo';
import { describe, expect, it } from 'vitest';
import { present } from './testing/present';
import {
  ROUTE_TEST_ADMIN as ADMIN,
  signedInServer,
} from './testing/signed-in-server';
import { describeOnEachDatabase } from './testing/test-databases';

/** The resources of the operations screens: Shipment Tracking, Warehouse Operations (resource `shipments`), EOL Processing. */
const OPERATIONS_RESOURCES = ['shipments', 'eol'];

/** Every write of the operations resources, by name, from the contract. */
const WRITES = (Object.keys(endpoints) as EndpointName[])
  .map((name) => [name, endpoints[name] as Endpoint] as const)
  .filter(
    ([, entry]) =>
      OPERATIONS_RESOURCES.includes(entry.resource) && entry.method !== 'GET',
  );

/** Kiehl's, the member of both brand accounts. */
const OWN = 2;
/** Another member, whose records a Kiehl's user must not touch. */
const OTHER = 3;

/** The brand accounts and what D15 lets each of them write. */
const BRAND_CALLERS = [
  { email: DEMO_USERS.brandAdmin.email, user: DEMO_USERS.brandAdmin },
  { email: DEMO_USERS.operator.email, user: DEMO_USERS.operator },
];

/** One record a write changes, read as a collective admin. */
interface Target {
  /** The write's path, its `:id` filled in. */
  url: string;
  /** The record as it is now, and the version a write must name (`null` for a create). */
  read(): Promise<{ version: number | null; state: unknown }>;
  /** A valid body made against `version`; `attempt` 1 differs from attempt 0. */
  body(version: number | null, attempt: 0 | 1): object;
  /** The audited entity id of the record (for a create, from the answer). */
  entityId(answer: unknown): string;
}

describeOnEachDatabase('every operations write', (engine) => {
  const server = signedInServer(engine);
  const { call, json } = server;

  const shipmentDetail = (id: number) =>
    json(ShipmentDetailSchema, `/api/shipments/${id}`);
  const lotDetail = (id: number) =>
    json(LotDetailSchema, `/api/eol/lots/${id}`);
  async function idWhere(table: string, condition: string, params: unknown[]) {
    const [row] = await server.db.query<{ id: number }>(
      `SELECT id FROM ${table} WHERE ${condition} ORDER BY id LIMIT 1`,
      params,
    );
    return present(row, `a row of ${table} where ${condition} (${params})`).id;
  }
  /** A shipment of `member` in one of `statuses` that no other case of this file takes. */
  const taken = new Set<number>();
  async function shipmentOf(member: number, condition: string) {
    const [row] = await server.db.query<{ id: number }>(
      `SELECT id FROM shipments sh WHERE member_id = $1 AND ${condition}
          AND NOT (id = ANY($2::int[])) ORDER BY id LIMIT 1`,
      [member, [...taken]],
    );
    const id = present(row, `a shipment of ${member} where ${condition}`).id;
    taken.add(id);
    return id;
  }

  /** A target on a shipment, versioned by the shipment. */
  function onShipment(
    id: number,
    path: string,
    body: (version: number, attempt: 0 | 1) => object,
  ): Target {
    return {
      url: `/api/shipments/${id}${path}`,
      async read() {
        const state = await shipmentDetail(id);
        return { version: state.shipment.version, state };
      },
      body: (version, attempt) => body(present(version, 'a version'), attempt),
      entityId: () => String(id),
    };
  }
  /** A target on a shipment's receipt, versioned by the receipt. */
  function onReceipt(
    id: number,
    path: string,
    body: (version: number, attempt: 0 | 1) => object,
  ): Target {
    return {
      ...onShipment(id, path, body),
      async read() {
        const state = await shipmentDetail(id);
        return {
          version: present(state.receipt, `the receipt of ${id}`).version,
          state,
        };
      },
    };
  }
  /** A target on a lot of `member` in `status`, versioned by the lot. */
  async function onLot(
    member: number,
    status: 'open' | 'shipped',
    path: string,
    body: (version: number, weight: number, attempt: 0 | 1) => object,
  ): Promise<Target> {
    const id = await idWhere(
      'eol_lots',
      'member_id = $1 AND status = $2 AND weight_kg > 1',
      [member, status],
    );
    const { lot } = await lotDetail(id);
    return {
      url: `/api/eol/lots/${id}${path}`,
      async read() {
        const state = await lotDetail(id);
        return { version: state.lot.version, state };
      },
      body: (version, attempt) =>
        body(present(version, 'a version'), lot.weight_kg, attempt),
      entityId: () => String(id),
    };
  }
  const weighIn = (version: number, attempt: 0 | 1) => ({
    gross: 12.5 + attempt,
    tare: 0.5,
    contamination: 0.25,
    unit: 'kg',
    scale_id: 'WH-SCALE-1',
    version,
  });

  /** How each write finds a record of a member and makes a valid body. */
  const CASES: Record<string, (member: number) => Promise<Target>> = {
    async recordShipmentException(member) {
      const id = await shipmentOf(member, "status = 'in_transit'");
      return onShipment(id, '/exception', (version, attempt) => ({
        exception: attempt === 0 ? 'damaged' : 'lost',
        note: `Table case ${attempt}`,
        version,
      }));
    },
    async correctShipmentOrigin(member) {
      const id = await shipmentOf(member, "status = 'delivered'");
      const stores = await server.db.query<{ id: number }>(
        `SELECT id FROM stores WHERE member_id = $1
            AND id <> (SELECT store_id FROM shipments WHERE id = $2)
          ORDER BY id LIMIT 2`,
        [member, id],
      );
      expect(stores).toHaveLength(2);
      return onShipment(id, '/origin', (version, attempt) => ({
        store_id: present(stores[attempt], 'a store').id,
        note: `Table case ${attempt}`,
        version,
      }));
    },
    async receiveShipment(member) {
      const id = await shipmentOf(member, "status = 'delivered'");
      return onShipment(id, '/receipt', weighIn);
    },
    async correctReceipt(member) {
      const id = await shipmentOf(
        member,
        "status = 'sorted' AND EXISTS (SELECT 1 FROM receipts r WHERE r.shipment_id = sh.id AND r.net_kg > 2)",
      );
      const receipt = present((await shipmentDetail(id)).receipt, 'a receipt');
      return onReceipt(id, '/receipt', (version, attempt) => ({
        gross: receipt.gross_kg + 1 + attempt,
        tare: receipt.tare_kg,
        contamination: receipt.contamination_kg,
        unit: 'kg',
        scale_id: receipt.scale_id,
        version,
      }));
    },
    async sortShipment(member) {
      const id = await shipmentOf(
        member,
        `status IN ('received', 'sorted')
          AND EXISTS (SELECT 1 FROM receipts r WHERE r.shipment_id = sh.id AND r.net_kg > 3)
          AND NOT EXISTS (SELECT 1 FROM shipment_materials m WHERE m.shipment_id = sh.id AND m.in_lots_kg > 0)`,
      );
      return onReceipt(id, '/lines', (version, attempt) => ({
        lines: [{ material: 'pp5', weight: 1 + attempt }],
        unit: 'kg',
        version,
      }));
    },
    async createLot(member) {
      const onHand = async () =>
        present(
          (
            await json(OnHandSchema, `/api/eol/on-hand?member_id=${member}`)
          ).on_hand.find((row) => row.material === 'pet1'),
          `PET on hand of ${member}`,
        ).on_hand_kg;
      const lots = async () => {
        const [row] = await server.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM eol_lots WHERE member_id = $1',
          [member],
        );
        return row?.n;
      };
      return {
        url: '/api/eol/lots',
        async read() {
          return {
            version: null,
            state: { on_hand_kg: await onHand(), lots: await lots() },
          };
        },
        body: (_version, attempt) => ({
          member_id: member,
          material: 'pet1',
          weight_kg: 0.5 + attempt,
          processor_id: 2,
        }),
        entityId: (answer) =>
          String((answer as { lot: { id: number } }).lot.id),
      };
    },
    shipLot: (member) =>
      onLot(member, 'open', '/ship', (version) => ({ version })),
    confirmLot: (member) =>
      onLot(member, 'shipped', '/confirm', (version, weight, attempt) => ({
        outcome: attempt === 0 ? 'recycled' : 'landfill',
        certificate_ref: `COD-TABLE-${attempt}`,
        confirmed_weight_kg: weight - 0.5,
        version,
      })),
  };

  /** The audit events written since `mark` (the last id before), oldest first. */
  async function auditSince(mark: number) {
    return server.db.query<{
      entity: string;
      entity_id: string;
      action: string;
      member_id: number | null;
      before: unknown;
      after: unknown;
    }>(
      `SELECT entity, entity_id, action, member_id, before, after
         FROM audit_events WHERE id > $1 ORDER BY id`,
      [mark],
    );
  }
  async function lastAuditId() {
    const [row] = await server.db.query<{ id: number }>(
      'SELECT coalesce(max(id), 0)::int AS id FROM audit_events',
    );
    return row?.id ?? 0;
  }

  it('walks every write of the operations contract, and has a case for each', () => {
    expect(WRITES.map(([name]) => name).sort()).toEqual(
      Object.keys(CASES).sort(),
    );
    expect(WRITES.length).toBeGreaterThanOrEqual(8);
    for (const [name, entry] of WRITES) {
      expect(entry.audit, `${name} is audited`).toBeDefined();
    }
  });

  describe.each(WRITES)('%s', (name, entry) => {
    const method = entry.method as 'POST' | 'PUT' | 'PATCH' | 'DELETE';

    it('refuses brand users as D15 says and writes nothing; a collective admin writes with exactly one audit event; the same write against the version read before answers 409 and loses nothing', async () => {
      const caseOf = present(CASES[name], `a case for ${name}`);
      const own = await caseOf(OWN);
      const other = await caseOf(OTHER);
      const [ownBefore, otherBefore] = [await own.read(), await other.read()];
      const mark = await lastAuditId();

      for (const { email, user } of BRAND_CALLERS) {
        // A write the role may not make is 403 whatever the record; one the
        // role may make is 404 outside the caller's member (D15).
        const mayWrite = allows(
          deriveAccess(user),
          entry.audience ?? 'signed-in',
        );
        const onOther = await call(
          email,
          method,
          other.url,
          other.body(otherBefore.version, 0),
        );
        expect(onOther.statusCode, `${email}: ${onOther.body}`).toBe(
          mayWrite ? 404 : 403,
        );
        if (mayWrite) continue;
        const onOwn = await call(
          email,
          method,
          own.url,
          own.body(ownBefore.version, 0),
        );
        expect(onOwn.statusCode, `${email}: ${onOwn.body}`).toBe(403);
      }
      expect(await own.read()).toEqual(ownBefore);
      expect(await other.read()).toEqual(otherBefore);
      expect(await auditSince(mark)).toEqual([]);

      const written = await call(
        ADMIN,
        method,
        own.url,
        own.body(ownBefore.version, 0),
        entry.idempotent
          ? { 'idempotency-key': `table-${name}-${engine.name}` }
          : {},
      );
      expect(written.statusCode, written.body).toBe(entry.status ?? 200);
      const after = await own.read();
      expect(after).not.toEqual(ownBefore);
      const events = await auditSince(mark);
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event).toMatchObject({
        entity: entry.audit?.entity,
        action: entry.audit?.action,
        entity_id: own.entityId(written.json()),
        member_id: OWN,
        after: expect.any(Object),
      });
      if (ownBefore.version === null) {
        expect(event?.before).toBeNull();
        // A create has no version: a retry with its Idempotency-Key makes
        // nothing more and gives the first answer again.
        const retried = await call(ADMIN, method, own.url, own.body(null, 0), {
          'idempotency-key': `table-${name}-${engine.name}`,
        });
        expect(retried.statusCode, retried.body).toBe(written.statusCode);
        expect(retried.json()).toEqual(written.json());
      } else {
        expect(event?.before).toEqual(expect.any(Object));
        expect(event?.after).not.toEqual(event?.before);
        // Another admin, who read the record before that write, sends theirs.
        const stale = await call(
          ADMIN,
          method,
          own.url,
          own.body(ownBefore.version, 1),
        );
        expect(stale.statusCode, stale.body).toBe(409);
        expect(stale.json().message).toMatch(/changed since you read it/);
        expect(stale.json().current).toEqual(after.state);
      }
      expect(await own.read()).toEqual(after);
      expect(await auditSince(mark)).toHaveLength(1);
    });
  });
});
