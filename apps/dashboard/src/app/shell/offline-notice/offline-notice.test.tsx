import { createTestPlatform } from '@collective/platform/testing';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfflineNotice } from './offline-notice';

describe('OfflineNotice', () => {
  it('says the browser is offline in a live region that was already there, and clears it when back online', () => {
    const platform = createTestPlatform();
    render(<OfflineNotice platform={platform} />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    act(() => platform.setOnline(false));
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent(
      'You are offline. What you see is what was last loaded; the dashboard updates itself when the connection is back.',
    );
    act(() => platform.setOnline(true));
    expect(region).toBeEmptyDOMElement();
  });

  it('shows the notice at once when the page starts offline', () => {
    render(<OfflineNotice platform={createTestPlatform({ online: false })} />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');
  });
});
