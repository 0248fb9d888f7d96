import { describe, expect, it } from 'vitest';
import { screens } from './index';
import DashboardScreen from './screens/dashboard-screen';

describe('screens of dashboard', () => {
  it('loads the dashboard screen on demand, for /dashboard only', async () => {
    expect(Object.keys(screens)).toEqual(['/dashboard']);
    expect((await screens['/dashboard']?.())?.default).toBe(DashboardScreen);
  });
});
