import { DEMO_USERS } from '@collective/api-client/demo';
import { deriveAccess } from '@collective/auth';
import { TENANTS, type TenantFeatures } from '@collective/tenancy';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canOpen,
  createRouteRegistry,
  navigationFor,
  preloadRoutes,
  quickActionRoutes,
  ROUTES,
  userMenuRoutes,
  type NavEntry,
  type RouteEntry,
} from './routes';

const route = (path: string): RouteEntry => {
  const found = ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};
// The access of the demo accounts of decisions D11, one of each kind.
const superAdmin = deriveAccess(DEMO_USERS.super);
const collective = deriveAccess(DEMO_USERS.admin);
const brandAdmin = deriveAccess(DEMO_USERS.brandAdmin);
const special = deriveAccess(DEMO_USERS.specialAdmin);
const member = deriveAccess(DEMO_USERS.operator);
const nobody = deriveAccess(DEMO_USERS.nobody);
const pact = TENANTS.pact.features;
const kiehls = TENANTS.kiehls.features;

/** A navigation as plain text: `Label` for links, `Menu: A, B` for menus. */
const outline = (entries: NavEntry[]) =>
  entries.map((entry) =>
    entry.kind === 'link'
      ? entry.route.title
      : `${entry.label}: ${entry.routes.map((r) => r.title).join(', ')}`,
  );

describe('navigationFor (specification §2)', () => {
  it.each([
    ['the super admin', superAdmin],
    ['a collective admin', collective],
  ])('gives %s the collective navigation, in order', (_who, access) => {
    expect(outline(navigationFor(access, pact))).toEqual([
      'Dashboard',
      'Operations: Shipment Tracking, Warehouse Operations, EOL Processing, Consumer Mailback',
      'Members & Stores: Member Management, Store Performance Rankings, Stores & Inventory Management',
      'Analytics: Store Analytics, Regional Summary, Member Comparisons, Average Metrics, Report Generator',
      'Administration: Consumer Forms, Data Sources, G2 Data Management, G2 Store Mappings, Raw Data Export, User Management, Notifications',
    ]);
  });

  it.each([
    ['a brand admin', brandAdmin],
    ['the special brand admin', special],
  ])('gives %s the brand admin navigation', (_who, access) => {
    expect(outline(navigationFor(access, kiehls))).toEqual([
      'Dashboard',
      'Operations: Warehouse Operations, EOL Processing, Stores & Inventory Management',
      'Analytics & Reports: Store Analytics',
      'Administration: User Management',
    ]);
  });

  it('gives other brand members the dashboard only, and no one else anything', () => {
    expect(outline(navigationFor(member, kiehls))).toEqual(['Dashboard']);
    expect(navigationFor(nobody, pact)).toEqual([]);
  });

  it('leaves out items whose feature flag is off, and menus left empty', () => {
    const off = {
      ...pact,
      warehouseOperations: false,
      mailBack: false,
      storeAnalytics: false,
    };
    expect(outline(navigationFor(brandAdmin, off))).toEqual([
      'Dashboard',
      'Operations: EOL Processing, Stores & Inventory Management',
      'Administration: User Management',
    ]);
    expect(outline(navigationFor(collective, off))[1]).toBe(
      'Operations: Shipment Tracking, EOL Processing',
    );
    expect(outline(navigationFor(collective, off)).join('\n')).not.toMatch(
      /Consumer Forms|Consumer Mailback/,
    );
  });

  const accessOf = fc.record({
    role: fc.constantFrom('super_admin', 'admin', 'brand_operator', 'viewer'),
    member_id: fc.constantFrom(null, 2, 1009, 7),
  });
  const featuresOf = fc.record(
    Object.fromEntries(
      Object.keys(pact).map((flag) => [flag, fc.boolean()]),
    ) as Record<keyof TenantFeatures, fc.Arbitrary<boolean>>,
  );

  it('lists only routes the user may open, each once, for any user and flags', () => {
    fc.assert(
      fc.property(accessOf, featuresOf, (user, features) => {
        const access = deriveAccess(user);
        const listed = navigationFor(access, features).flatMap((entry) =>
          entry.kind === 'link' ? [entry.route] : entry.routes,
        );
        for (const r of listed) expect(canOpen(r, access, features)).toBe(true);
        expect(new Set(listed).size).toBe(listed.length);
        if (access.isSpecialBrandUser)
          expect(listed.some((r) => r.deniedToSpecialBrand)).toBe(false);
      }),
    );
  });
});

describe('canOpen', () => {
  it('opens only /dashboard, /notifications and /api-keys to brand members', () => {
    const open = ROUTES.filter(
      (r) => !r.redirectTo && canOpen(r, member, pact),
    ).map((r) => r.path);
    expect(open).toEqual(['/dashboard', '/notifications', '/api-keys']);
  });

  it('opens every route of the table to brand admins but the collective ones (D1)', () => {
    const closed = ROUTES.filter((r) => !canOpen(r, brandAdmin, pact)).map(
      (r) => r.path,
    );
    expect(closed.sort()).toEqual(
      [
        '/admin/consumer-forms-overview',
        '/consumer-mailback',
        '/consumer-mailback/submissions',
        '/consumer-mailback/submissions/:id',
      ].sort(),
    );
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

const titles = (routes: RouteEntry[]) => routes.map((r) => r.title);

describe('userMenuRoutes', () => {
  it('shows Performance to admins, and API Keys to brand members too', () => {
    expect(titles(userMenuRoutes(superAdmin, pact))).toEqual([
      'Performance',
      'API Keys',
    ]);
    expect(titles(userMenuRoutes(collective, pact))).toEqual([
      'Performance',
      'API Keys',
    ]);
    expect(titles(userMenuRoutes(brandAdmin, pact))).toEqual([
      'Performance',
      'API Keys',
    ]);
    expect(titles(userMenuRoutes(special, pact))).toEqual([
      'Performance',
      'API Keys',
    ]);
    expect(titles(userMenuRoutes(member, pact))).toEqual(['API Keys']);
    expect(titles(userMenuRoutes(nobody, pact))).toEqual([]);
  });
});

describe('quickActionRoutes', () => {
  it('gives the sheet Notifications, Performance for admins, and API Keys', () => {
    expect(titles(quickActionRoutes(brandAdmin, kiehls))).toEqual([
      'Notifications',
      'Performance',
      'API Keys',
    ]);
    expect(titles(quickActionRoutes(member, kiehls))).toEqual([
      'Notifications',
      'API Keys',
    ]);
  });
});

describe('preloadRoutes', () => {
  it('preloads Dashboard, Store Rankings, Admin Stores and Analytics (§4) for admins', () => {
    expect(titles(preloadRoutes(collective, pact, ROUTES)).sort()).toEqual(
      [
        'Analytics',
        'Dashboard',
        'Store Performance Rankings',
        'Stores & Inventory Management',
      ].sort(),
    );
  });

  it('preloads nothing a user may not open', () => {
    expect(titles(preloadRoutes(member, pact, ROUTES))).toEqual(['Dashboard']);
    expect(
      titles(preloadRoutes(collective, { ...pact, analytics: false }, ROUTES)),
    ).not.toContain('Analytics');
  });
});

describe('createRouteRegistry', () => {
  const screenFor = (path: string) => `screen of ${path}`;
  const everyScreen = Object.fromEntries(
    ROUTES.filter((r) => !r.redirectTo).map((r) => [r.path, screenFor(r.path)]),
  );

  it('joins every routed path with its screen', () => {
    const registry = createRouteRegistry([everyScreen]);
    expect(registry).toHaveLength(ROUTES.length);
    expect(registry.find((r) => r.path === '/api-keys')?.screen).toBe(
      'screen of /api-keys',
    );
  });

  it('fails when a routed path has no screen, naming it', () => {
    const partial = { ...everyScreen };
    delete partial['/instructions'];
    expect(() => createRouteRegistry([partial])).toThrow(
      '/instructions has no screen',
    );
  });

  it('fails when a screen has no route, or a path two screens', () => {
    expect(() =>
      createRouteRegistry([everyScreen, { '/nowhere': 'x' }]),
    ).toThrow('/nowhere, which is not in the route table');
    expect(() =>
      createRouteRegistry([everyScreen, { '/dashboard': 'again' }]),
    ).toThrow('/dashboard has two screens');
  });

  it('fails when a redirect leads nowhere', () => {
    expect(() =>
      createRouteRegistry(
        [{ '/a': 'x' }],
        [
          { path: '/a', audience: 'everyone' },
          { path: '/b', audience: 'everyone', redirectTo: '/c' },
        ],
      ),
    ).toThrow('/b redirects to an unknown path');
  });

  it('lets a redirect choose a part of its target with a query, and still checks the path', () => {
    const routes = [
      { path: '/a', audience: 'everyone' as const },
      {
        path: '/b',
        audience: 'everyone' as const,
        redirectTo: '/a?section=two',
      },
    ];
    expect(() => createRouteRegistry([{ '/a': 'x' }], routes)).not.toThrow();
    expect(() =>
      createRouteRegistry(
        [{ '/a': 'x' }],
        [
          routes[0] as RouteEntry,
          { ...routes[1], redirectTo: '/c?section=two' } as RouteEntry,
        ],
      ),
    ).toThrow('/b redirects to an unknown path');
    expect(route('/g2-uploads').redirectTo).toBe(
      '/g2-data-management?section=uploads',
    );
    expect(route('/data-quality-investigation').redirectTo).toBe(
      '/g2-data-management?section=quality',
    );
  });
});
