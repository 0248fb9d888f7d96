import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stack } from './stack';

describe('Stack', () => {
  it('is a div by default, or the element asked for, with its attributes and class', () => {
    render(
      <>
        <Stack data-testid="column">
          <p>First</p>
        </Stack>
        <Stack as="article" aria-label="Kiehl's" className="extra">
          <p>Facts</p>
        </Stack>
      </>,
    );
    expect(screen.getByTestId('column').tagName).toBe('DIV');
    const article = screen.getByRole('article', { name: "Kiehl's" });
    expect(article).toHaveTextContent('Facts');
    expect(article).toHaveClass('extra');
    expect(article.className.split(' ')).toHaveLength(2);
  });
});
