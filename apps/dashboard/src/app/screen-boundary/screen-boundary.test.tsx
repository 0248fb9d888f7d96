import { createTestPlatform } from '@collective/platform/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ScreenBoundary } from './screen-boundary';

function Throws({ error }: { error: Error }): never {
  throw error;
}

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/x.js');

describe('ScreenBoundary', () => {
  it('reloads the page once when a screen’s chunk fails to load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const platform = createTestPlatform();
    render(
      <ScreenBoundary platform={platform}>
        <Throws error={chunkError()} />
      </ScreenBoundary>,
    );
    expect(platform.reloads).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the latest');
  });

  it('shows the error with a Reload button when the chunk fails again after that reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const platform = createTestPlatform();
    platform.tabStorage.setItem(
      'collective:chunk-reload-at',
      String(Date.now()),
    );
    const log = vi.fn();
    render(
      <ScreenBoundary platform={platform} log={log}>
        <Throws error={chunkError()} />
      </ScreenBoundary>,
    );
    expect(platform.reloads).toBe(0);
    expect(
      screen.getByRole('heading', { name: 'This screen could not be shown' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
    expect(log).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(platform.reloads).toBe(1);
  });

  it('keeps what is around it, and offers Try again for a screen that broke', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Flaky() {
      const [broken, setBroken] = useState(true);
      return (
        <>
          <p>The shell is still here</p>
          <ScreenBoundary platform={createTestPlatform()} log={() => undefined}>
            {broken ? <Throws error={new Error('boom')} /> : <p>Fixed</p>}
          </ScreenBoundary>
          <button type="button" onClick={() => setBroken(false)}>
            Fix
          </button>
        </>
      );
    }
    render(<Flaky />);
    expect(screen.getByText('The shell is still here')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Fix' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Fixed')).toBeInTheDocument();
  });
});
