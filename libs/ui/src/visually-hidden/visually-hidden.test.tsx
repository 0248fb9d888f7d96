import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VisuallyHidden } from './visually-hidden';

describe('VisuallyHidden', () => {
  it('keeps its text in the accessible name of what contains it', () => {
    render(
      <button type="button">
        <VisuallyHidden>Member: </VisuallyHidden>Kiehl&apos;s
      </button>,
    );
    expect(
      screen.getByRole('button', { name: /^Member:\s*Kiehl's$/ }),
    ).toBeInTheDocument();
  });
});
