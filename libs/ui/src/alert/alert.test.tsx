import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from './alert';

describe('Alert', () => {
  it('announces errors assertively', () => {
    render(<Alert>Login failed</Alert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Login failed');
  });

  it('announces information politely', () => {
    render(<Alert tone="info">Saved</Alert>);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });
});
