import { describe, expect, it } from 'vitest';
import { formatGrowth } from './format-growth';

describe('formatGrowth', () => {
  it('signs a rise, keeps the minus of a fall, and says a dash for no earlier figure', () => {
    expect(formatGrowth(0.25, 'en-US')).toBe('+25%');
    expect(formatGrowth(-0.04, 'en-US')).toBe('-4%');
    expect(formatGrowth(0, 'en-US')).toBe('0%');
    expect(formatGrowth(null, 'en-US')).toBe('–');
  });
});
