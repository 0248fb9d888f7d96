import type { SqlRunner } from './database';

/** Streets of the demo stores' addresses. */
const STREETS = [
  'Market Street',
  'High Street',
  'Main Street',
  'Harbour Road',
  'Station Avenue',
  'Park Lane',
  'Mill Road',
  'Church Street',
];

/** Names of the demo stores' contacts. */
const CONTACTS = [
  'Alex Morgan',
  'Sam Rivera',
  'Jordan Lee',
  'Priya Shah',
  'Noah Schmidt',
  'Emma Rossi',
  'Lucas Martin',
  'Mia Novak',
];

/**
 * Gives the seeded stores what Stores & Inventory Management shows
 * (docs/decisions/0095): a street address and postal code, a contact,
 * supplies on hand (about one store in six at or below a reorder point), and
 * for kiosks a last heartbeat relative to `now` (every fifth open kiosk
 * silent for days, so stale). Every value follows from the store's id, so
 * the demo is the same on every run, and the PRNG streams of the program's
 * stores and shipments are untouched. Then moves the stores' id identity
 * past the seeded ids, so a new store never collides with one.
 */
export async function seedStoreInventory(
  tx: SqlRunner,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE stores s SET
       address = ((s.id * 37) % 880 + 12)::text || ' ' || ($2::text[])[1 + s.id % ${STREETS.length}],
       postal_code = ((s.id * 7919) % 89000 + 10000)::text,
       contact_name = ($3::text[])[1 + (s.id * 5) % ${CONTACTS.length}],
       contact_email = 'store' || s.id || '@' || coalesce(lower(m.code), 'member' || m.id) || '.example',
       contact_phone = '+1 555 01' || lpad((s.id % 100)::text, 2, '0'),
       bin_boxes = 3 + (s.id * 7) % 18,
       liners = 15 + (s.id * 11) % 80,
       labels = 8 + (s.id * 13) % 60,
       last_heartbeat_at = CASE
         WHEN s.channel <> 'kiosk' THEN NULL
         WHEN NOT s.active THEN $1::timestamptz - make_interval(days => 40 + s.id % 30)
         WHEN s.id % 5 = 0 THEN $1::timestamptz - make_interval(hours => 50 + s.id % 40)
         ELSE $1::timestamptz - make_interval(mins => 1 + (s.id * 17) % 50)
       END
      FROM members m
     WHERE m.id = s.member_id`,
    [now.toISOString(), STREETS, CONTACTS],
  );
  await tx.query(
    `SELECT setval(pg_get_serial_sequence('stores', 'id'),
                   greatest(1, (SELECT coalesce(max(id), 0) FROM stores)))`,
  );
}
