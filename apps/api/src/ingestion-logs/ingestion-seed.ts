import type { SqlRunner } from '../db/database';

/**
 * Writes a believable history into the ingestion log (docs/decisions/0100),
 * counting back from `now`, derived from the seeded program so every
 * figure agrees with it and grows with `SEED_SCALE`:
 * - warehouse entry: one line per member and day of receipts over 60 days
 *   (rows = receipts; a warning when some were over 20 % contaminated),
 *   and two failed entries;
 * - kiosks: one line per member with kiosks and day over 30 days (rows =
 *   active kiosks; a warning in the last three days where some are silent);
 * - mail-back forms: one collective-level line per day over 60 days (rows
 *   = requests that day), one with a warning;
 * - G2 partner file: one line per member and week over 26 weeks, the
 *   latest success 12 days ago (so the feed is late), a few warnings, and
 *   a collective-level file refused 5 days ago.
 * Same `now`, same lines.
 */
export async function seedIngestionLog(
  tx: SqlRunner,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await tx.query(
    `INSERT INTO ingestion_log (source, member_id, started_at, finished_at, status, rows, message)
     SELECT 'warehouse', d.member_id, d.day + interval '17 hours 30 minutes',
            d.day + interval '17 hours 31 minutes 12 seconds',
            CASE WHEN d.contaminated > 0 THEN 'warning' ELSE 'ok' END, d.receipts,
            d.receipts || CASE WHEN d.receipts = 1 THEN ' receipt' ELSE ' receipts' END || ' weighed in'
              || CASE WHEN d.contaminated > 0
                   THEN '; ' || d.contaminated || ' over 20 % contamination, check the sorting notes'
                   ELSE '' END
       FROM (SELECT sh.member_id, date_trunc('day', sh.received_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS day,
                    count(*)::int AS receipts,
                    count(*) FILTER (WHERE r.contamination_kg > 0.2 * r.net_kg)::int AS contaminated
               FROM shipments sh JOIN receipts r ON r.shipment_id = sh.id
              WHERE sh.received_at >= $1::timestamptz - interval '60 days'
                AND sh.received_at < date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
              GROUP BY 1, 2) d
      ORDER BY d.day, d.member_id`,
    [at],
  );
  await tx.query(
    `INSERT INTO ingestion_log (source, member_id, started_at, finished_at, status, rows, message)
     SELECT 'warehouse', m.id, $1::timestamptz - make_interval(days => f.days_ago, hours => 3),
            $1::timestamptz - make_interval(days => f.days_ago, hours => 3) + interval '4 seconds',
            'failed', 0, f.message
       FROM (VALUES (9, 0, 'Scale WH-2 gave an unstable reading; the weigh-in was not saved. Weigh the shipment again.'),
                    (23, 1, 'Entry refused: tare above gross weight on 1 shipment; nothing was saved.')) AS f (days_ago, pick, message)
       JOIN LATERAL (SELECT id FROM members ORDER BY id OFFSET f.pick LIMIT 1) m ON true`,
    [at],
  );
  await tx.query(
    `INSERT INTO ingestion_log (source, member_id, started_at, finished_at, status, rows, message)
     SELECT 'kiosks', k.member_id, day + interval '6 hours', day + interval '6 hours 40 seconds',
            CASE WHEN day >= $1::timestamptz - interval '3 days' AND k.silent > 0 THEN 'warning' ELSE 'ok' END,
            k.kiosks,
            CASE WHEN day >= $1::timestamptz - interval '3 days' AND k.silent > 0
                 THEN k.kiosks - k.silent || ' of ' || k.kiosks || ' kiosks reported; '
                      || k.silent || ' silent for over a day'
                 ELSE k.kiosks || ' kiosks reported their fill levels' END
       FROM (SELECT s.member_id, count(*)::int AS kiosks,
                    count(*) FILTER (WHERE s.last_heartbeat_at < $1::timestamptz - interval '1 day')::int AS silent
               FROM stores s WHERE s.channel = 'kiosk' AND s.active GROUP BY s.member_id) k
      CROSS JOIN generate_series(
        date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '30 days',
        date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day',
        interval '1 day') AS day
      ORDER BY day, k.member_id`,
    [at],
  );
  await tx.query(
    `INSERT INTO ingestion_log (source, member_id, started_at, finished_at, status, rows, message)
     SELECT 'mailback', NULL, day + interval '23 hours 50 minutes', day + interval '23 hours 50 minutes 3 seconds',
            CASE WHEN n.requests > 0 AND extract(day FROM day)::int % 17 = 0 THEN 'warning' ELSE 'ok' END,
            coalesce(n.requests, 0),
            CASE WHEN coalesce(n.requests, 0) = 0 THEN 'No new label requests'
                 WHEN extract(day FROM day)::int % 17 = 0
                 THEN n.requests || ' label requests; 1 address could not be validated and waits for review'
                 ELSE n.requests || ' label requests taken in' END
       FROM generate_series(
              date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '60 days',
              date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 day',
              interval '1 day') AS day
       LEFT JOIN LATERAL (SELECT count(*)::int AS requests FROM mailback_submissions ms
                           WHERE ms.created_at >= day AND ms.created_at < day + interval '1 day') n ON true
      ORDER BY day`,
    [at],
  );
  await tx.query(
    `INSERT INTO ingestion_log (source, member_id, started_at, finished_at, status, rows, message)
     SELECT 'g2', g.member_id, run, run + make_interval(secs => 20 + g.stores),
            CASE WHEN (w + g.member_id) % 9 = 0 THEN 'warning' ELSE 'ok' END,
            g.stores * 6 - CASE WHEN (w + g.member_id) % 9 = 0 THEN 6 ELSE 0 END,
            CASE WHEN (w + g.member_id) % 9 = 0
                 THEN 'Committed ' || (g.stores * 6 - 6) || ' rows; 6 rows held back: 1 partner store id has no mapping'
                 ELSE 'Committed ' || g.stores * 6 || ' rows for ' || g.stores || ' stores' END
       FROM (SELECT s.member_id, count(*)::int AS stores FROM stores s
              WHERE s.channel = 'in-store' AND s.active GROUP BY s.member_id) g
      CROSS JOIN generate_series(0, 25) AS w
      CROSS JOIN LATERAL (SELECT date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
                                 - make_interval(days => 12 + 7 * w) + interval '9 hours' AS run) r
      ORDER BY run, g.member_id`,
    [at],
  );
  await tx.query(
    `INSERT INTO ingestion_log (source, member_id, started_at, finished_at, status, rows, message)
     VALUES ('g2', NULL, $1::timestamptz - interval '5 days 2 hours', $1::timestamptz - interval '5 days 2 hours' + interval '2 seconds',
             'failed', 0, 'File refused: the header lacks the column partner_store_id; nothing was staged. Export the file again with the G2 template.'),
            ('g2', NULL, $1::timestamptz - interval '61 days', $1::timestamptz - interval '61 days' + interval '9 seconds',
             'failed', 0, 'File refused: the same content was uploaded on an earlier day (same hash).')`,
    [at],
  );
}
