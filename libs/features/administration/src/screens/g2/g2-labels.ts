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

/** What a read-only G2 screen shows: uploads (their rows) or store mappings. */
export type G2Subject = 'uploads' | 'mappings';

/**
 * What a read-only G2 screen says first (docs/decisions/0099, addendum):
 * to a brand user, whose data they see and who writes; to a collective
 * admin who chose a member, how to get the controls back.
 */
export function readOnlyNote(
  isCollectiveAdmin: boolean,
  memberName: string | null,
  subject: G2Subject,
): string {
  const member =
    memberName ?? (isCollectiveAdmin ? 'one member' : 'your member');
  const shown =
    subject === 'uploads'
      ? `Shown here: the rows of ${member} in them, read-only`
      : `Shown here: the partner ids confirmed to the stores of ${member}, read-only`;
  if (isCollectiveAdmin)
    return `${shown}. Choose All members in the member switcher to upload, commit, map or settle.`;
  return subject === 'uploads'
    ? `G2 partner files are uploaded, checked and committed by the collective’s admins. ${shown}; committed rows count in your dashboard’s figures.`
    : `Partner store ids are mapped by the collective’s admins. ${shown}.`;
}
