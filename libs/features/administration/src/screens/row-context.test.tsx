import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { rowContext } from './row-context';

const [NameProvider, useName] = rowContext<string>('Cell must be in the list.');

function Cell() {
  return <span>{useName()}</span>;
}

describe('rowContext', () => {
  it('gives a cell what its provider holds', () => {
    render(
      <NameProvider value="Ann">
        <Cell />
      </NameProvider>,
    );
    expect(screen.getByText('Ann')).toBeInTheDocument();
  });

  it('throws its message for a cell outside the provider', () => {
    // React logs the error it rethrows; the test only wants the throw.
    const quiet = vi
      .spyOn(console, 'error')
      .mockImplementation(() => undefined);
    expect(() => render(<Cell />)).toThrow('Cell must be in the list.');
    quiet.mockRestore();
  });
});
