import {
  MAILBACK_REGIONS,
  MAILBACK_STATUSES,
  type MailbackStatus,
} from '@collective/api-client/contract';

/** How each status reads to people. */
export const STATUS_LABELS: Record<MailbackStatus, string> = {
  submitted: 'Submitted',
  label_sent: 'Label sent',
  in_transit: 'In transit',
  received: 'Received',
};

/** The status filter's choices. */
export const STATUS_OPTIONS = MAILBACK_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}));

/** The region filter's choices. */
export const REGION_OPTIONS = MAILBACK_REGIONS.map((region) => ({
  value: region,
  label: region,
}));
