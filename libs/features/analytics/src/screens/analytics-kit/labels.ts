import type {
  AnalyticsInterval,
  EolOutcome,
  MemberTier,
  ShipmentChannel,
} from '@collective/api-client/contract';
import { formatMonth, formatPercent } from '@collective/ui';

/** The collection channels' names for people (D14: in-store bin, kiosk, mail-back). */
export const CHANNEL_LABELS: Readonly<Record<ShipmentChannel, string>> = {
  'in-store': 'In-store bin',
  kiosk: 'Kiosk',
  'mail-back': 'Mail-back',
};

/** The end-of-life outcomes' names for people. */
export const OUTCOME_LABELS: Readonly<Record<EolOutcome, string>> = {
  recycled: 'Recycled',
  downcycled: 'Downcycled',
  energy_recovery: 'Energy recovery',
  landfill: 'Landfill',
};

/** The member tiers' names for people. */
export const TIER_LABELS: Readonly<Record<MemberTier, string>> = {
  founding: 'Founding',
  full: 'Full',
  associate: 'Associate',
};

/** The intervals' names for people, as the controls and the table headings say them. */
export const INTERVAL_LABELS: Readonly<Record<AnalyticsInterval, string>> = {
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

/**
 * A bucket of a series for people: "Nov 2026", "Q1 2026" or "2026"; a
 * quarter or year the period cuts says which months it holds
 * ("2025 (Feb–Dec)").
 */
export function bucketLabel(
  bucket: { first: string; last: string },
  interval: AnalyticsInterval,
): string {
  const year = bucket.first.slice(0, 4);
  const month = Number(bucket.first.slice(5, 7));
  if (interval === 'month') return formatMonth(bucket.first);
  const whole =
    interval === 'year'
      ? bucket.first.endsWith('-01') && bucket.last.endsWith('-12')
      : (month - 1) % 3 === 0 && Number(bucket.last.slice(5, 7)) === month + 2;
  const name =
    interval === 'year' ? year : `Q${Math.floor((month - 1) / 3) + 1} ${year}`;
  if (whole) return name;
  const months =
    bucket.first === bucket.last
      ? formatMonth(bucket.first, undefined, true)
      : `${formatMonth(bucket.first, undefined, true)}–${formatMonth(bucket.last, undefined, true)}`;
  return `${name} (${months})`;
}

/**
 * The change from a year earlier for people: "+12%", "−3%", "no change",
 * or "new" when there was nothing a year earlier to compare with.
 */
export function changeText(current: number, yearAgo: number): string {
  if (yearAgo === 0) return current === 0 ? 'no change' : 'new';
  const change = (current - yearAgo) / yearAgo;
  if (Math.abs(change) < 0.005) return 'no change';
  const text = formatPercent(Math.abs(change));
  return change > 0 ? `+${text}` : `−${text}`;
}
