/**
 * Every `member_id` and `id` anywhere in an answer, however deep: what a
 * test of a brand user's answer checks holds no other member's id.
 */
export function idsIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(idsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'member_id' || key === 'id' ? [inner] : idsIn(inner),
  );
}
