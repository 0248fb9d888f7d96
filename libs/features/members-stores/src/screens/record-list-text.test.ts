import { describe, expect, it } from 'vitest';
import { counted, recordListText } from './record-list-text';

describe('counted', () => {
  it('says one in the singular and any other number in the plural', () => {
    expect(counted(1, 'store', 'stores')).toBe('1 store');
    expect(counted(0, 'store', 'stores')).toBe('0 stores');
    expect(counted(12480, 'member', 'members')).toBe('12,480 members');
  });
});

describe('recordListText', () => {
  it('names the list by its count once the page is in, by its title before', () => {
    expect(recordListText('store', 'stores', undefined, '').caption).toBe(
      'Stores',
    );
    expect(recordListText('member', 'members', 1, '').caption).toBe('1 member');
    expect(recordListText('store', 'stores', 20, '').caption).toBe('20 stores');
  });

  it('quotes the search when no record matches it', () => {
    expect(recordListText('store', 'stores', 0, 'ann').emptyText).toBe(
      'No store matches "ann".',
    );
    expect(recordListText('member', 'members', 0, '').emptyText).toBe(
      'No member matches.',
    );
  });
});
