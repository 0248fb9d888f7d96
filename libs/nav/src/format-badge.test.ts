import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatBadge,
  HEADER_BADGE_CAP,
  MOBILE_BADGE_CAP,
  notificationsLabel,
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

  it.each([
    [0, null, null],
    [1, '1', '1'],
    [9, '9', '9'],
    [10, '10', '9+'],
    [99, '99', '9+'],
    [100, '99+', '9+'],
    [10_000, '99+', '9+'],
    [-3, null, null],
    [Number.NaN, null, null],
    [Number.POSITIVE_INFINITY, null, null],
  ])(
    'shows %s as %s in the header and %s in the sheet',
    (count, header, sheet) => {
      expect(formatBadge(count, HEADER_BADGE_CAP)).toBe(header);
      expect(formatBadge(count, MOBILE_BADGE_CAP)).toBe(sheet);
    },
  );

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

describe('notificationsLabel', () => {
  it('says the exact number, whatever the badge shows', () => {
    expect(notificationsLabel(5)).toBe('Notifications, 5 unread');
    expect(notificationsLabel(150)).toBe('Notifications, 150 unread');
    expect(notificationsLabel(0)).toBe('Notifications');
    expect(notificationsLabel(Number.NaN)).toBe('Notifications');
  });
});
