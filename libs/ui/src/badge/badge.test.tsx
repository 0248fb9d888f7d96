import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge';

describe('Badge', () => {
  it('shows its text, hidden from screen readers, and nothing for null', () => {
    const { container, rerender } = render(<Badge>99+</Badge>);
    expect(container.textContent).toBe('99+');
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    rerender(<Badge>{null}</Badge>);
    expect(container.firstElementChild).toBeNull();
  });
});
