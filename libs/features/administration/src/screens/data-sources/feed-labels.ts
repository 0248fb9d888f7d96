import type {
  FeedFreshness,
  IngestionStatus,
} from '@collective/api-client/contract';

/** How a run ended, in words. */
export const STATUS_LABELS: Readonly<Record<IngestionStatus, string>> = {
  ok: 'OK',
  warning: 'Warning',
  failed: 'Failed',
};

/** A feed's freshness, in words. */
export const FRESHNESS_LABELS: Readonly<Record<FeedFreshness, string>> = {
  fresh: 'On time',
  late: 'Late',
  never: 'Never received',
};

/** A feed's cadence in words: "Every hour", "Daily", "Weekly", "Every 6 hours". */
export function cadenceText(hours: number): string {
  if (hours === 1) return 'Every hour';
  if (hours === 24) return 'Daily';
  if (hours === 168) return 'Weekly';
  if (hours % 24 === 0) return `Every ${hours / 24} days`;
  return `Every ${hours} hours`;
}
