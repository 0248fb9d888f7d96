import { deriveAccess } from '@collective/auth';
import { TENANTS } from '@collective/tenancy';
import { describe, expect, it } from 'vitest';
import { canOpen, ROUTES, userMenuRoutes, type RouteEntry } from './routes';

const route = (path: string): RouteEntry => {
  const found = ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};
const collective = deriveAccess({ role: 'admin', member_id: null });
const brandAdmin = deriveAccess({ role: 'admin', member_id: 2 });
const special = deriveAccess({ role: 'admin', member_id: 1009 });
const member = deriveAccess({ role: 'brand_operator', member_id: 2 });
const superAdmin = deriveAccess({ role: 'super_admin', member_id: null });
const nobody = deriveAccess({ role: 'viewer', member_id: null });
const pact = TENANTS.pact.features;

describe('canOpen', () => {
  it('opens only /dashboard, /notifications and /api-keys to brand members', () => {
    const open = ROUTES.filter(
      (r) => !r.redirectTo && canOpen(r, member, pact),
    ).map((r) => r.path);
    expect(open).toEqual(['/dashboard', '/notifications', '/api-keys']);
  });

  it('opens the consumer routes to collective admins only', () => {
    expect(canOpen(route('/consumer-mailback'), collective, pact)).toBe(true);
    expect(canOpen(route('/consumer-mailback'), brandAdmin, pact)).toBe(false);
    expect(
      canOpen(route('/admin/consumer-forms-overview'), brandAdmin, pact),
    ).toBe(false);
  });

  it('closes the five routes denied to the special brand user', () => {
    const denied = ROUTES.filter(
      (r) => canOpen(r, brandAdmin, pact) && !canOpen(r, special, pact),
    );
    expect(denied.map((r) => r.path).sort()).toEqual(
      [
        '/average-metrics',
        '/data-export',
        '/g2-data-management',
        '/member-comparisons',
        '/report-generator',
      ].sort(),
    );
  });

  it('closes a route whose feature flag is off', () => {
    expect(
      canOpen(route('/analytics'), collective, { ...pact, analytics: false }),
    ).toBe(false);
  });

  it('opens nothing to a user without a dashboard', () => {
    expect(ROUTES.some((r) => canOpen(r, nobody, pact))).toBe(false);
  });
});

describe('userMenuRoutes', () => {
  const labels = (access: typeof collective) =>
    userMenuRoutes(access, pact).map((r) => r.label);

  it('shows Performance to admins, and API Keys to brand members too', () => {
    expect(labels(superAdmin)).toEqual(['Performance', 'API Keys']);
    expect(labels(collective)).toEqual(['Performance', 'API Keys']);
    expect(labels(brandAdmin)).toEqual(['Performance', 'API Keys']);
    expect(labels(special)).toEqual(['Performance', 'API Keys']);
    expect(labels(member)).toEqual(['API Keys']);
    expect(labels(nobody)).toEqual([]);
  });
});
