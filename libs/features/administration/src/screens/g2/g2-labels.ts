import type {
  G2MappingStatus,
  G2UploadStatus,
} from '@collective/api-client/contract';
import { formatNumber } from '@collective/ui';

/** Each upload status in words. */
export const UPLOAD_STATUS_LABELS: Readonly<Record<G2UploadStatus, string>> = {
  validating: 'Validating',
  ready: 'Ready to commit',
  committed: 'Committed',
  rolled_back: 'Rolled back',
  failed: 'Failed',
};

/** Each mapping status in words. */
export const MAPPING_STATUS_LABELS: Readonly<Record<G2MappingStatus, string>> =
  {
    unmatched: 'Unmatched',
    suggested: 'Suggested',
    confirmed: 'Confirmed',
    ignored: 'Ignored',
  };

/** A weight in kg for people: `1,234.5 kg`. */
export const kg = (value: number) =>
  `${formatNumber(Math.round(value * 10) / 10)} kg`;

/** `n rows` / `1 row`. */
export const rowsText = (n: number) =>
  `${formatNumber(n)} ${n === 1 ? 'row' : 'rows'}`;

/** What a brand user reads instead of a G2 screen: G2 ingestion is the collective admins' (docs/decisions/0099). */
export const COLLECTIVE_ONLY =
  'G2 partner files and store mappings are managed by the collective’s admins; your member’s committed figures show on the dashboard.';
