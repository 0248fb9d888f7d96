import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataState } from './data-state';

describe('DataState', () => {
  it('says it is loading, politely', () => {
    render(<DataState status="pending">data</DataState>);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('data')).toBeNull();
  });

  it('gives the reason of a failure and a Retry that tries again', async () => {
    const onRetry = vi.fn();
    render(
      <DataState
        status="error"
        error={{ message: 'Could not reach the server.' }}
        onRetry={onRetry}
      >
        data
      </DataState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not reach the server.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says so when there is nothing, and shows the data otherwise', () => {
    const { rerender } = render(
      <DataState status="success" empty emptyText="No stores match.">
        data
      </DataState>,
    );
    expect(screen.getByText('No stores match.')).toBeInTheDocument();
    rerender(<DataState status="success">data</DataState>);
    expect(screen.getByText('data')).toBeInTheDocument();
  });
});
