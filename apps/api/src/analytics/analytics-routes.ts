import type {
  ImpactFigures,
  PactCsvRow,
  RegionCsvRow,
  SeriesCsvRow,
} from '@collective/api-client/contract';
import { resourceRoutes } from '../http/declare-route';
import { readPact, readRegions, readSeries } from './analytics-queries';
import { resolvePeriod } from './periods';

/** A place's weight of one channel. */
function channelKg(
  channels: readonly { channel: string; weight_kg: number }[],
  channel: string,
): number {
  return channels.find((c) => c.channel === channel)?.weight_kg ?? 0;
}

/** The CSV file name of an export: what, the scope and the period. */
function fileName(
  what: string,
  memberId: number | null,
  answer: { from: string; to: string },
): string {
  const scope = memberId === null ? 'all' : `member-${memberId}`;
  return `${what}-${scope}-${answer.from}-to-${answer.to}.csv`;
}

/**
 * The analytics screens' reads (issue 22; decisions D12, D14;
 * docs/decisions/0102), each one statement in the scope the route layer
 * resolved (a brand user's own member whatever they send; 404 for a member
 * that does not exist), reused from the answer cache while the rollups'
 * version and the month stay the same:
 * - GET /api/analytics/series: collected weight, units and shipments per
 *   channel and sorted weight per material, per month, quarter or year,
 *   beside the same months a year earlier;
 * - GET /api/analytics/pact: the impact month by month, per program and
 *   tier, with recycling and diversion rates; a member's share of it;
 * - GET /api/analytics/regions: stores, collected weight, weight per store
 *   and channel mix per region and state;
 * - GET /api/analytics/series/export, /pact/export and /regions/export: the
 *   same answers as CSV files (a row per bucket; per month, program and
 *   tier; per region and state), audited by the route layer like every
 *   export (D18).
 */
export const analyticsRoutes = resourceRoutes({
  async analyticsSeries({ query, scope: { memberId }, db, now }) {
    return readSeries(
      db,
      memberId,
      resolvePeriod(query, now),
      query.interval ?? 'month',
    );
  },

  async pactAnalytics({ query, scope: { memberId }, db, now }) {
    return readPact(db, memberId, resolvePeriod(query, now));
  },

  async regionalSummary({ query, scope: { memberId }, db, now }) {
    return readRegions(db, memberId, resolvePeriod(query, now));
  },

  async analyticsSeriesExport({ query, scope: { memberId }, db, now }) {
    const series = await readSeries(
      db,
      memberId,
      resolvePeriod(query, now),
      query.interval ?? 'month',
    );
    const rows: SeriesCsvRow[] = series.buckets.map((bucket) => ({
      first_month: bucket.first,
      last_month: bucket.last,
      weight_kg: bucket.current.weight_kg,
      weight_kg_year_ago: bucket.year_ago.weight_kg,
      units: bucket.current.units,
      units_year_ago: bucket.year_ago.units,
      shipments: bucket.current.shipments,
      shipments_year_ago: bucket.year_ago.shipments,
      in_store_kg: channelKg(bucket.channels, 'in-store'),
      kiosk_kg: channelKg(bucket.channels, 'kiosk'),
      mail_back_kg: channelKg(bucket.channels, 'mail-back'),
      unsorted_kg: bucket.unsorted_kg,
    }));
    return {
      filename: fileName(`analytics-${series.interval}`, memberId, series),
      rows,
    };
  },

  async pactAnalyticsExport({ query, scope: { memberId }, db, now }) {
    const pact = await readPact(db, memberId, resolvePeriod(query, now));
    const row = (
      section: PactCsvRow['section'],
      name: string,
      figures: ImpactFigures,
      members: number | null = null,
    ): PactCsvRow => ({
      section,
      name,
      collected_kg: figures.collected_kg,
      confirmed_kg: figures.confirmed_kg,
      recycled_kg: figures.outcomes.recycled,
      downcycled_kg: figures.outcomes.downcycled,
      energy_recovery_kg: figures.outcomes.energy_recovery,
      landfill_kg: figures.outcomes.landfill,
      recycling_rate: figures.recycling_rate,
      diversion_rate: figures.diversion_rate,
      members,
    });
    return {
      filename: fileName('pact', memberId, pact),
      rows: [
        ...pact.months.map((m) => row('month', m.month, m)),
        ...pact.programs.map((p) => row('program', p.channel, p)),
        ...pact.tiers.map((t) => row('tier', t.tier, t, t.members)),
        row('total', '', pact.totals),
      ],
    };
  },

  async regionalSummaryExport({ query, scope: { memberId }, db, now }) {
    const summary = await readRegions(db, memberId, resolvePeriod(query, now));
    const row = (
      region: string,
      state: string,
      place: (typeof summary)['totals'],
    ): RegionCsvRow => ({
      region,
      state,
      stores: place.stores,
      active_stores: place.active_stores,
      weight_kg: place.weight_kg,
      weight_per_store_kg: place.weight_per_store_kg,
      in_store_kg: channelKg(place.channels, 'in-store'),
      kiosk_kg: channelKg(place.channels, 'kiosk'),
      mail_back_kg: channelKg(place.channels, 'mail-back'),
    });
    return {
      filename: fileName('regions', memberId, summary),
      rows: summary.regions.flatMap((region) => [
        row(region.region, '', region),
        ...region.states.map((state) =>
          row(region.region, state.state ?? 'unknown', state),
        ),
      ]),
    };
  },
});
