import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FactList } from './fact-list';

describe('FactList', () => {
  it('is one definition list reading each term before its value', () => {
    render(
      <FactList>
        <dt>Tracking</dt>
        <dd>1Z999</dd>
        <dt>Status</dt>
        <dd>Delivered</dd>
      </FactList>,
    );
    const terms = screen.getAllByRole('term');
    const values = screen.getAllByRole('definition');
    expect(terms.map((t) => t.textContent)).toEqual(['Tracking', 'Status']);
    expect(values.map((v) => v.textContent)).toEqual(['1Z999', 'Delivered']);
    expect(terms[0]!.parentElement!.tagName).toBe('DL');
    expect(terms[0]!.compareDocumentPosition(values[0]!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
