/** member_id of the special brand user (specification §6, §9). */
export const SPECIAL_BRAND_MEMBER_ID = 1009;

/** A stored value longer than this is treated as corrupt rather than parsed. */
export const MAX_STORED_VALUE_LENGTH = 16 * 1024;
