import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dayText, isExistingDay } from './common-schemas';
import type { Endpoint } from './endpoint';
import { endpoints, type EndpointName } from './endpoints';
import { CreateG2UploadQuerySchema } from './g2-endpoints';
import { markReadPath } from './shell-endpoints';
import {
  MAX_NOTIFICATION_ID,
  NotificationIdParamSchema,
  NotificationSchema,
  NotificationsQuerySchema,
  TenantCodeSchema,
} from './schemas';
import { TENANT_CODES } from './tenant-codes';

describe('TenantCodeSchema', () => {
  it('accepts exactly the two tenant codes of decisions D3', () => {
    expect(TENANT_CODES).toEqual(['pact', 'kiehls']);
    for (const code of TENANT_CODES) {
      expect(v.is(TenantCodeSchema, code)).toBe(true);
    }
  });

  it('refuses other spellings, other tenants and non-strings', () => {
    for (const value of ['PACT', 'Kiehls', ' pact', 'acme', '', null, 1]) {
      expect(v.is(TenantCodeSchema, value)).toBe(false);
    }
  });
});

describe('NotificationIdParamSchema', () => {
  it('turns every decimal id from 1 to the largest integer into that number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_NOTIFICATION_ID }), (id) => {
        expect(v.parse(NotificationIdParamSchema, String(id))).toBe(id);
      }),
    );
  });

  it.each(['0', '-1', '01', '1.0', '1e3', ' 1', 'abc', '..', '2147483648'])(
    'refuses "%s"',
    (text) => {
      expect(v.is(NotificationIdParamSchema, text)).toBe(false);
    },
  );
});

describe('markReadPath', () => {
  it('builds /api/notifications/<id>/read for every valid id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_NOTIFICATION_ID }), (id) => {
        expect(markReadPath(id)).toBe(`/api/notifications/${id}/read`);
      }),
    );
  });

  it('throws a RangeError for anything that is not a valid id, so no other path can be built', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double().filter((n) => !Number.isInteger(n) || n < 1),
          fc.nat().map((n) => MAX_NOTIFICATION_ID + 1 + n),
          fc.string(),
        ),
        (value) => {
          expect(() => markReadPath(value as number)).toThrow(RangeError);
        },
      ),
    );
  });
});

describe('NotificationsQuerySchema', () => {
  it('accepts no query (the list) and unread=true (the count)', () => {
    expect(v.is(NotificationsQuerySchema, {})).toBe(true);
    expect(v.is(NotificationsQuerySchema, { unread: 'true' })).toBe(true);
  });

  it('refuses unread=false and unknown parameters', () => {
    expect(v.is(NotificationsQuerySchema, { unread: 'false' })).toBe(false);
    expect(v.is(NotificationsQuerySchema, { limit: '5' })).toBe(false);
  });
});

describe('NotificationSchema', () => {
  const notification = {
    id: 1,
    title: 'T',
    body: 'B',
    created_at: '2026-11-20T08:00:00.000Z',
    read_at: null,
  };

  it('accepts an unread and a read notification', () => {
    expect(v.is(NotificationSchema, notification)).toBe(true);
    expect(
      v.is(NotificationSchema, {
        ...notification,
        read_at: '2026-11-20T09:00:00Z',
      }),
    ).toBe(true);
  });

  it('refuses a missing read_at and dates that are not ISO timestamps', () => {
    const withoutReadAt: Partial<typeof notification> = { ...notification };
    delete withoutReadAt.read_at;
    expect(v.is(NotificationSchema, withoutReadAt)).toBe(false);
    expect(
      v.is(NotificationSchema, { ...notification, created_at: '20/11/2026' }),
    ).toBe(false);
  });
});

describe('endpoints', () => {
  it('gives every entry its own name, so keys need not import the whole table', () => {
    for (const [name, entry] of Object.entries(endpoints)) {
      expect(entry.name).toBe(name);
    }
  });
});

describe('isExistingDay', () => {
  it('says whether text names a day that exists, without throwing on any text', () => {
    expect(isExistingDay('2026-02-28')).toBe(true);
    expect(isExistingDay('2024-02-29')).toBe(true);
    expect(isExistingDay('2026-02-30')).toBe(false);
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(typeof isExistingDay(text)).toBe('boolean');
      }),
    );
  });

  it('lets a day query answer a 400, not throw, for text that is no date (found by the fuzz suite)', () => {
    const query = { period_start: '2026-01-01', period_end: 'x'.repeat(300) };
    expect(v.safeParse(CreateG2UploadQuerySchema, query).success).toBe(false);
  });
});

/**
 * POSTs that make something yet take no Idempotency-Key, and why
 * (docs/decisions/0067, addendum). A name here that makes nothing fails.
 */
const NOT_IDEMPOTENT: Partial<Record<EndpointName, string>> = {
  createDownload:
    'a single-use download ticket, not a record: a retry makes a second ticket that expires unused, and replaying the first would hand back a used one',
  submitMailback:
    'anonymous (keys are kept per user) and posted by a page without script, which cannot send the header; post/redirect/get stops a reload from sending twice and the throttle bounds the rest',
};

/** The audited actions that add a record, whatever the answer's status (a note, an import). */
const ADDING_ACTIONS = [
  'create',
  'invite',
  'run',
  'publish',
  'note',
  'import',
  'record_exception',
  'upload',
];

/** The POSTs of the contract that make a record: a 201 answer, or an audited action that adds one. */
const CREATES = (Object.keys(endpoints) as EndpointName[]).filter((name) => {
  const entry: Endpoint = endpoints[name];
  return (
    entry.method === 'POST' &&
    (entry.status === 201 || ADDING_ACTIONS.includes(entry.audit?.action ?? ''))
  );
});

/** The top-level fields of a query or body schema (a pipe keeps its object's entries). */
const fieldsOf = (schema: v.GenericSchema | undefined) =>
  Object.entries(
    (schema as { entries?: Record<string, v.GenericSchema> } | undefined)
      ?.entries ?? {},
  );

/**
 * Calendar text a field that reads one must refuse, by the values that
 * tell such a field from free text: years PostgreSQL cannot read (0), or
 * whose next year has five digits, days that do not exist, and anything
 * outside 1900–2099.
 */
const CALENDAR_EDGES = [
  {
    accepted: ['2026-03-01'],
    refused: [
      '0000-01-01',
      '2026-02-30',
      '1899-12-31',
      '2100-01-01',
      '9999-12-31',
    ],
  },
  {
    accepted: ['2026-03'],
    refused: ['0000-01', '1899-12', '2100-01', '9999-12'],
  },
  { accepted: ['2026', '2026-03'], refused: ['0000', '1899', '2100', '9999'] },
  {
    accepted: ['2026-03-01T00:00:00Z'],
    refused: [
      '0000-01-01T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '2100-01-01T00:00:00Z',
    ],
  },
];

/** Whether `field` reads calendar text like each of `accepted`: it takes them, and refuses them with a letter for a digit (free text takes that). */
const readsCalendar = (field: v.GenericSchema, accepted: string[]) =>
  accepted.every(
    (text) => v.is(field, text) && !v.is(field, `x${text.slice(1)}`),
  );

describe('calendar text in queries and bodies (found by the fuzz suite: period=0063 was a 500)', () => {
  const fields = Object.values(
    endpoints as Record<EndpointName, Endpoint>,
  ).flatMap((entry) =>
    [entry.query, entry.body].flatMap((schema) =>
      fieldsOf(schema).map(
        ([key, field]) => [`${entry.name}.${key}`, field] as const,
      ),
    ),
  );

  it('finds the calendar fields of the contract (the walk is not empty)', () => {
    const days = fields.filter(([, field]) =>
      readsCalendar(field, ['2026-03-01']),
    );
    expect(days.length).toBeGreaterThanOrEqual(8);
  });

  it.each(CALENDAR_EDGES)(
    'every field that accepts $accepted refuses $refused',
    ({ accepted, refused }) => {
      const reading = fields.filter(([, field]) =>
        readsCalendar(field, accepted),
      );
      expect(reading.length).toBeGreaterThan(0);
      for (const [name, field] of reading)
        for (const text of refused)
          expect(v.is(field, text), `${name} accepted ${text}`).toBe(false);
    },
  );

  it('accepts exactly the days that exist in 1900–2099 as a dayText', () => {
    const day = dayText('day');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, date) => {
          const text = [year, month, date]
            .map((part, index) => String(part).padStart(index ? 2 : 4, '0'))
            .join('-');
          const exists =
            year >= 1900 &&
            year <= 2099 &&
            month >= 1 &&
            month <= 12 &&
            date >= 1 &&
            date <= new Date(Date.UTC(year, month, 0)).getUTCDate();
          expect(v.is(day, text), text).toBe(exists);
        },
      ),
    );
  });
});

/** A schema as the walk below reads it: the parts that hold other schemas. */
interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  wrapped?: SchemaNode;
  options?: readonly unknown[];
}

/** Every number schema inside `node` (objects, arrays, optional and union parts), with its path. */
function numbersIn(
  node: SchemaNode | undefined,
  path: string,
): [string, SchemaNode][] {
  if (!node) return [];
  return [
    ...(node.type === 'number' ? [[path, node] as [string, SchemaNode]] : []),
    ...Object.entries(node.entries ?? {}).flatMap(([key, entry]) =>
      numbersIn(entry, `${path}.${key}`),
    ),
    ...numbersIn(node.item, `${path}[]`),
    ...numbersIn(node.wrapped, path),
    ...(node.options ?? []).flatMap((option) =>
      typeof option === 'object' && option !== null
        ? numbersIn(option as SchemaNode, path)
        : [],
    ),
  ];
}

describe('numbers in bodies (found by the fuzz suite: a mapping id of 2^31 was a 500)', () => {
  it('every number a body takes stays within PostgreSQL integer: ids and versions end at MAX_RECORD_ID', () => {
    const numbers = Object.entries(
      endpoints as Record<EndpointName, Endpoint>,
    ).flatMap(([name, entry]) =>
      numbersIn(entry.body as unknown as SchemaNode, name),
    );
    expect(numbers.length).toBeGreaterThan(50);
    for (const [path, schema] of numbers)
      expect(
        v.is(schema as unknown as v.GenericSchema, 2 ** 31),
        `${path} takes 2^31`,
      ).toBe(false);
  });
});

describe('Idempotency-Key on every create (decisions 0067)', () => {
  it('is honoured by every POST that makes a record, unless exempted with a reason', () => {
    expect(CREATES.length).toBeGreaterThan(15);
    const missing = CREATES.filter(
      (name) =>
        !(endpoints[name] as Endpoint).idempotent && !NOT_IDEMPOTENT[name],
    );
    expect(missing).toEqual([]);
  });

  it('exempts only POSTs that make something, and none that honours a key', () => {
    for (const name of Object.keys(NOT_IDEMPOTENT) as EndpointName[]) {
      expect(CREATES, name).toContain(name);
      expect((endpoints[name] as Endpoint).idempotent, name).toBeFalsy();
    }
  });
});
