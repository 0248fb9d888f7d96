import { describe, expect, it } from 'vitest';
import { screens } from './index';
import DashboardScreen from './screens/dashboard-screen';

describe('screens', () => {
  it('loads the dashboard screen on demand as the module default export', async () => {
    const module = await screens['dashboard']();

    expect(module.default).toBe(DashboardScreen);
  });
});
