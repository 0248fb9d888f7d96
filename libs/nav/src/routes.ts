import {
  allows,
  type Access,
  type Audience,
} from '@collective/api-client/access';
import type { TenantFeatures } from '@collective/tenancy';

/** Who may open a route (decisions D1): the contract's audiences that have a dashboard. */
export type RouteAudience = Exclude<Audience, 'signed-in' | 'anyone'>;

/** The three top navigations of specification §2, one per kind of user. */
export type MenuKind = 'collective' | 'brand-admin' | 'brand-member';

/** A menu of the top navigation. */
export type MenuGroupId =
  | 'operations'
  | 'members-stores'
  | 'analytics'
  | 'administration';

/**
 * Where a route sits in one top navigation: in a menu, or at the top level
 * (`null`), and its place there (smaller first).
 */
export type MenuSlot = readonly [group: MenuGroupId | null, order: number];

/** A route of the dashboard, as data (specification §2; decisions D1-D3). */
export interface RouteEntry {
  /** Path pattern in react-router syntax. */
  path: string;
  /** The screen's heading and, where it has one, its menu label (decisions D2). */
  title?: string;
  audience: RouteAudience;
  /** The tenant feature flag that must be on. */
  feature?: keyof TenantFeatures;
  /** Hidden and closed for the special brand user (member 1009). */
  deniedToSpecialBrand?: boolean;
  /** The path this one redirects to (it has no screen of its own), with a query choosing a part of it if need be. */
  redirectTo?: string;
  /** Its place in each top navigation that lists it. */
  menu?: Partial<Record<MenuKind, MenuSlot>>;
  /** Listed in the header's user menu (Performance, API Keys). */
  userMenu?: boolean;
  /** A quick action of the mobile sheet (Notifications, Performance, API Keys). */
  quickAction?: boolean;
  /** Fetched 1 s after a sign-in (specification §4). */
  preload?: boolean;
}

/** The menus of the top navigation in their order, with their labels (specification §2). */
export const MENU_GROUPS: readonly {
  id: MenuGroupId;
  label: string | (Partial<Record<MenuKind, string>> & { collective: string });
}[] = [
  { id: 'operations', label: 'Operations' },
  { id: 'members-stores', label: 'Members & Stores' },
  {
    id: 'analytics',
    label: { collective: 'Analytics', 'brand-admin': 'Analytics & Reports' },
  },
  { id: 'administration', label: 'Administration' },
];

/** The home of every signed-in user, and where refused or unknown paths lead. */
export const HOME_PATH = '/dashboard';

const TABLE = [
  { path: '/', audience: 'everyone', redirectTo: HOME_PATH },
  {
    path: '/dashboard',
    title: 'Dashboard',
    audience: 'everyone',
    preload: true,
    menu: {
      collective: [null, 0],
      'brand-admin': [null, 0],
      'brand-member': [null, 0],
    },
  },
  {
    path: '/shipment-tracking',
    title: 'Shipment Tracking',
    audience: 'admins',
    menu: { collective: ['operations', 1] },
  },
  {
    path: '/warehouse-operations',
    title: 'Warehouse Operations',
    audience: 'admins',
    feature: 'warehouseOperations',
    menu: {
      collective: ['operations', 2],
      'brand-admin': ['operations', 1],
    },
  },
  {
    path: '/eol-processing',
    title: 'EOL Processing',
    audience: 'admins',
    menu: {
      collective: ['operations', 3],
      'brand-admin': ['operations', 2],
    },
  },
  {
    path: '/consumer-mailback',
    title: 'Consumer Mailback',
    audience: 'collective-admins',
    feature: 'mailBack',
    menu: { collective: ['operations', 4] },
  },
  {
    path: '/consumer-mailback/submissions',
    title: 'Mail-back Submissions',
    audience: 'collective-admins',
    feature: 'mailBack',
  },
  {
    path: '/consumer-mailback/submissions/:id',
    title: 'Mail-back Submission',
    audience: 'collective-admins',
    feature: 'mailBack',
  },
  {
    path: '/member-management',
    title: 'Member Management',
    audience: 'admins',
    menu: { collective: ['members-stores', 1] },
  },
  {
    path: '/store-rankings',
    title: 'Store Performance Rankings',
    audience: 'admins',
    preload: true,
    menu: { collective: ['members-stores', 2] },
  },
  {
    path: '/admin-stores',
    title: 'Stores & Inventory Management',
    audience: 'admins',
    preload: true,
    menu: {
      collective: ['members-stores', 3],
      'brand-admin': ['operations', 3],
    },
  },
  {
    path: '/stores-analytics',
    title: 'Store Analytics',
    audience: 'admins',
    feature: 'storeAnalytics',
    menu: {
      collective: ['analytics', 1],
      'brand-admin': ['analytics', 1],
    },
  },
  {
    path: '/regional-summary',
    title: 'Regional Summary',
    audience: 'admins',
    menu: { collective: ['analytics', 2] },
  },
  {
    path: '/member-comparisons',
    title: 'Member Comparisons',
    audience: 'admins',
    deniedToSpecialBrand: true,
    menu: { collective: ['analytics', 3] },
  },
  {
    path: '/average-metrics',
    title: 'Average Metrics',
    audience: 'admins',
    deniedToSpecialBrand: true,
    menu: { collective: ['analytics', 4] },
  },
  {
    path: '/report-generator',
    title: 'Report Generator',
    audience: 'admins',
    deniedToSpecialBrand: true,
    menu: { collective: ['analytics', 5] },
  },
  {
    path: '/analytics',
    title: 'Analytics',
    audience: 'admins',
    feature: 'analytics',
    preload: true,
  },
  {
    path: '/pact-analytics',
    title: 'Pact Analytics',
    audience: 'admins',
    feature: 'pactAnalytics',
  },
  {
    path: '/admin/consumer-forms-overview',
    title: 'Consumer Forms',
    audience: 'collective-admins',
    feature: 'mailBack',
    menu: { collective: ['administration', 1] },
  },
  {
    path: '/data-sources',
    title: 'Data Sources',
    audience: 'admins',
    menu: { collective: ['administration', 2] },
  },
  {
    path: '/g2-data-management',
    title: 'G2 Data Management',
    audience: 'admins',
    deniedToSpecialBrand: true,
    menu: { collective: ['administration', 3] },
  },
  {
    path: '/g2-uploads',
    audience: 'admins',
    redirectTo: '/g2-data-management?section=uploads',
  },
  {
    path: '/data-quality-investigation',
    audience: 'admins',
    redirectTo: '/g2-data-management?section=quality',
  },
  {
    path: '/g2-store-mappings',
    title: 'G2 Store Mappings',
    audience: 'admins',
    menu: { collective: ['administration', 4] },
  },
  {
    path: '/data-export',
    title: 'Raw Data Export',
    audience: 'admins',
    deniedToSpecialBrand: true,
    menu: { collective: ['administration', 5] },
  },
  {
    path: '/user-management',
    title: 'User Management',
    audience: 'admins',
    menu: {
      collective: ['administration', 6],
      'brand-admin': ['administration', 1],
    },
  },
  {
    path: '/notifications',
    title: 'Notifications',
    audience: 'everyone',
    quickAction: true,
    menu: { collective: ['administration', 7] },
  },
  { path: '/instructions', title: 'Instructions', audience: 'admins' },
  { path: '/demo-cleanup', title: 'Demo Cleanup', audience: 'admins' },
  {
    path: '/performance',
    title: 'Performance',
    audience: 'admins',
    userMenu: true,
    quickAction: true,
  },
  {
    path: '/api-keys',
    title: 'API Keys',
    audience: 'everyone',
    userMenu: true,
    quickAction: true,
  },
] as const satisfies readonly RouteEntry[];

/** A path of the route table, e.g. `'/stores-analytics'`. */
export type RoutePath = (typeof TABLE)[number]['path'];

/**
 * Every route of the dashboard: the one registry. The router, the top
 * navigation, the mobile sheet, the user menu and the preload list are all
 * derived from it; each feature library contributes the screens of its
 * paths (`createRouteRegistry`).
 */
export const ROUTES: readonly RouteEntry[] = TABLE;

/**
 * Whether a user with `access` on a tenant with `features` may open `route`.
 * A route that may not be opened behaves like an unknown path (decisions D1).
 */
export function canOpen(
  route: RouteEntry,
  access: Access,
  features: TenantFeatures,
): boolean {
  if (!access.hasDashboard) return false;
  if (route.feature && !features[route.feature]) return false;
  if (route.deniedToSpecialBrand && access.isSpecialBrandUser) return false;
  return allows(access, route.audience);
}

/** Which top navigation a user gets (specification §2), or null without a dashboard. */
export function menuKindOf(access: Access): MenuKind | null {
  if (access.isCollectiveAdmin) return 'collective';
  if (access.kind === 'brand-admin') return 'brand-admin';
  if (access.kind === 'brand-member') return 'brand-member';
  return null;
}

/** One entry of a top navigation: a link at the top level, or a menu of links. */
export type NavEntry =
  | { kind: 'link'; route: RouteEntry & { title: string } }
  | {
      kind: 'menu';
      id: MenuGroupId;
      label: string;
      routes: (RouteEntry & { title: string })[];
    };

type Titled = RouteEntry & { title: string };

const slotOf = (route: RouteEntry, kind: MenuKind) => route.menu?.[kind];

/**
 * The top navigation of a user on a tenant (specification §2): the routes
 * placed in the user's menu kind that the user may open, links at the top
 * level first, then the menus in {@link MENU_GROUPS} order; an empty menu
 * is left out. The mobile sheet shows the same destinations.
 */
export function navigationFor(
  access: Access,
  features: TenantFeatures,
  routes: readonly RouteEntry[] = ROUTES,
): NavEntry[] {
  const kind = menuKindOf(access);
  if (!kind) return [];
  const placed = routes
    .filter(
      (route): route is Titled =>
        slotOf(route, kind) !== undefined &&
        route.title !== undefined &&
        canOpen(route, access, features),
    )
    .sort((a, b) => (slotOf(a, kind)?.[1] ?? 0) - (slotOf(b, kind)?.[1] ?? 0));
  const inGroup = (group: MenuGroupId | null) =>
    placed.filter((route) => slotOf(route, kind)?.[0] === group);
  const links: NavEntry[] = inGroup(null).map((route) => ({
    kind: 'link',
    route,
  }));
  const menus: NavEntry[] = MENU_GROUPS.flatMap(({ id, label }) => {
    const grouped = inGroup(id);
    if (grouped.length === 0) return [];
    const text =
      typeof label === 'string' ? label : (label[kind] ?? label.collective);
    return [{ kind: 'menu' as const, id, label: text, routes: grouped }];
  });
  return [...links, ...menus];
}

function flagged(
  flag: 'userMenu' | 'quickAction' | 'preload',
  access: Access,
  features: TenantFeatures,
  routes: readonly RouteEntry[],
): Titled[] {
  return routes.filter(
    (route): route is Titled =>
      route[flag] === true &&
      route.title !== undefined &&
      canOpen(route, access, features),
  );
}

/** The user menu's entries (specification §2 Header) the user may open, in table order. */
export function userMenuRoutes(
  access: Access,
  features: TenantFeatures,
  routes: readonly RouteEntry[] = ROUTES,
): Titled[] {
  return flagged('userMenu', access, features, routes);
}

/** The mobile sheet's quick actions (specification §2) the user may open. */
export function quickActionRoutes(
  access: Access,
  features: TenantFeatures,
  routes: readonly RouteEntry[] = ROUTES,
): Titled[] {
  return flagged('quickAction', access, features, routes);
}

/** The screens fetched 1 s after a sign-in (§4), only those the user may open. */
export function preloadRoutes<R extends RouteEntry>(
  access: Access,
  features: TenantFeatures,
  routes: readonly R[],
): R[] {
  return routes.filter(
    (route) => route.preload === true && canOpen(route, access, features),
  );
}

/** A route of the table with the screen its feature library contributed. */
export type RegisteredRoute<S> = RouteEntry & { screen?: S };

/**
 * Joins the route table with the screens the feature libraries contribute
 * (each a record of path → screen). Throws, naming every problem, when a
 * routed path has no screen, a screen has no route, a path has two screens,
 * or a redirect leads nowhere, so the app cannot start half-wired.
 */
export function createRouteRegistry<S>(
  screenMaps: readonly Readonly<Partial<Record<string, S>>>[],
  routes: readonly RouteEntry[] = ROUTES,
): RegisteredRoute<S>[] {
  const problems: string[] = [];
  const screens = new Map<string, S>();
  for (const map of screenMaps) {
    for (const [path, screen] of Object.entries(map)) {
      if (screen === undefined) continue;
      if (screens.has(path)) problems.push(`${path} has two screens.`);
      screens.set(path, screen);
    }
  }
  const paths = new Set(routes.map((route) => route.path));
  for (const path of screens.keys()) {
    if (!paths.has(path))
      problems.push(
        `A screen is given for ${path}, which is not in the route table of @collective/nav; add the route or remove the screen.`,
      );
  }
  const registry = routes.map((route) => {
    const screen = screens.get(route.path);
    if (route.redirectTo) {
      // A redirect may choose a part of its target with a query (`?section=`).
      if (!paths.has(route.redirectTo.split('?')[0] ?? ''))
        problems.push(`${route.path} redirects to an unknown path.`);
      if (screen) problems.push(`${route.path} redirects but has a screen.`);
      return route;
    }
    if (!screen)
      problems.push(
        `${route.path} has no screen; export one from its feature library's screens.`,
      );
    return { ...route, screen };
  });
  if (problems.length > 0)
    throw new Error(
      `The route registry is incomplete:\n- ${problems.join('\n- ')}`,
    );
  return registry;
}
