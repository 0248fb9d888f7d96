import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataState } from '../data-state/data-state';
import { queryState } from './query-state';

describe('queryState', () => {
  it('gives the query’s status and error, and a Retry that asks again', () => {
    const refetch = vi.fn();
    const props = queryState({
      status: 'error',
      error: { message: 'The server failed.' },
      refetch,
    });
    expect(props).toMatchObject({
      status: 'error',
      error: { message: 'The server failed.' },
    });
    props.onRetry?.();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('drives a DataState: its failure with Retry, then its data', async () => {
    const refetch = vi.fn();
    const { rerender } = render(
      <DataState
        {...queryState({
          status: 'error',
          error: { message: 'Down.' },
          refetch,
        })}
      >
        <p>The data</p>
      </DataState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Down.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    rerender(
      <DataState {...queryState({ status: 'success', error: null, refetch })}>
        <p>The data</p>
      </DataState>,
    );
    expect(screen.getByText('The data')).toBeInTheDocument();
  });
});
