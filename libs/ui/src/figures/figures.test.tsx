import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Figures } from './figures';

describe('Figures', () => {
  it('reads each term with its value, in order', () => {
    render(
      <Figures
        figures={[
          { term: 'Received today', value: '14 shipments' },
          { term: 'To sort', value: '97 kg' },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term');
    const values = screen.getAllByRole('definition');
    expect(terms.map((t) => t.textContent)).toEqual([
      'Received today',
      'To sort',
    ]);
    expect(values.map((v) => v.textContent)).toEqual(['14 shipments', '97 kg']);
    expect(within(terms[0]!.parentElement!).getByRole('definition')).toBe(
      values[0],
    );
  });
});
