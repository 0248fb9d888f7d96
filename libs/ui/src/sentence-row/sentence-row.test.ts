import { describe, expect, it } from 'vitest';
import { sentenceRowClass } from './sentence-row';

describe('sentenceRowClass', () => {
  it('is a class name to set on the row', () => {
    expect(sentenceRowClass).toMatch(/\S/);
  });
});
