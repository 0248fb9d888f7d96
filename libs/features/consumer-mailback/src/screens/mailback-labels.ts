import {
  MAILBACK_REGIONS,
  MAILBACK_STATUSES,
  type MailbackStatus,
} from '@collective/api-client/contract';
import { labelledOptions } from '@collective/ui';

/** How each status reads to people. */
export const STATUS_LABELS: Record<MailbackStatus, string> = {
  submitted: 'Submitted',
  label_sent: 'Label sent',
  in_transit: 'In transit',
  received: 'Received',
};

/** The status filter's choices. */
export const STATUS_OPTIONS = labelledOptions(MAILBACK_STATUSES, STATUS_LABELS);

/** The region filter's choices. */
export const REGION_OPTIONS = MAILBACK_REGIONS.map((region) => ({
  value: region,
  label: region,
}));
