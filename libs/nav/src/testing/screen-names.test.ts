import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes';
import { screenComponentName, urlOf } from './screen-names';

describe('screenComponentName', () => {
  it.each([
    ['/dashboard', 'DashboardScreen'],
    ['/g2-data-management', 'G2DataManagementScreen'],
    ['/admin/consumer-forms-overview', 'AdminConsumerFormsOverviewScreen'],
    [
      '/consumer-mailback/submissions/:id',
      'ConsumerMailbackSubmissionsDetailScreen',
    ],
  ])('names the screen of %s %s', (path, name) => {
    expect(screenComponentName(path)).toBe(name);
  });

  it('gives every screen of the route table a name of its own', () => {
    const routed = ROUTES.filter((route) => !route.redirectTo);
    const names = new Set(
      routed.map((route) => screenComponentName(route.path)),
    );
    expect(names.size).toBe(routed.length);
  });
});

describe('urlOf', () => {
  it('fills each parameter of a path', () => {
    expect(urlOf('/consumer-mailback/submissions/:id')).toBe(
      '/consumer-mailback/submissions/42',
    );
    expect(urlOf('/dashboard')).toBe('/dashboard');
  });
});
