import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatBadge,
  HEADER_BADGE_CAP,
  MOBILE_BADGE_CAP,
} from './format-badge';

describe('formatBadge', () => {
  it('hides the badge at zero', () => {
    expect(formatBadge(0, HEADER_BADGE_CAP)).toBeNull();
  });

  it('caps the header at 99+ and the mobile sheet at 9+', () => {
    expect(formatBadge(99, HEADER_BADGE_CAP)).toBe('99');
    expect(formatBadge(100, HEADER_BADGE_CAP)).toBe('99+');
    expect(formatBadge(9, MOBILE_BADGE_CAP)).toBe('9');
    expect(formatBadge(10, MOBILE_BADGE_CAP)).toBe('9+');
  });

  it('never shows more than the cap allows, for any count', () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.integer({ min: 1, max: 1000 }),
        (count, cap) => {
          const text = formatBadge(count, cap);
          if (text === null) {
            expect(Number.isFinite(count) && count >= 1).toBe(false);
          } else {
            expect(Number.parseInt(text, 10)).toBeLessThanOrEqual(cap);
            expect(text.endsWith('+')).toBe(count > cap);
          }
        },
      ),
    );
  });
});
