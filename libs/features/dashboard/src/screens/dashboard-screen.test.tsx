import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DashboardScreen from './dashboard-screen';

describe('DashboardScreen', () => {
  it('shows its title as the level-one heading', () => {
    render(<DashboardScreen />);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Dashboard' }),
    ).toBeInTheDocument();
  });

  it('labels its region with the title so it appears in the landmarks list', () => {
    render(<DashboardScreen />);

    expect(
      screen.getByRole('region', { name: 'Dashboard' }),
    ).toBeInTheDocument();
  });
});
