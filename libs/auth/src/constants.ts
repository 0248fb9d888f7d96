/** A stored value longer than this is treated as corrupt rather than parsed. */
export const MAX_STORED_VALUE_LENGTH = 16 * 1024;
