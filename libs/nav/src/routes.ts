import type { Access } from '@collective/auth';
import type { TenantFeatures } from '@collective/tenancy';

/** Who may open a route (decisions D1). */
export type RouteAudience =
  /** Every dashboard user, brand members included. */
  | 'everyone'
  /** Collective admins and brand admins. */
  | 'admins'
  /** Collective (platform) admins only. */
  | 'collective-admins';

/** A route of the dashboard, as data (specification §2; decisions D1-D3). */
export interface RouteEntry {
  /** Path pattern in react-router syntax. */
  path: string;
  /** Menu label (decisions D2); absent for routes without a menu entry. */
  label?: string;
  audience: RouteAudience;
  /** The tenant feature flag that must be on. */
  feature?: keyof TenantFeatures;
  /** Hidden and closed for the special brand user (member 1009). */
  deniedToSpecialBrand?: boolean;
  /** The path this one redirects to. */
  redirectTo?: string;
  /** Listed in the header's user menu (Performance, API Keys), for whoever may open it. */
  userMenu?: boolean;
}

/** The home of every signed-in user, and where refused or unknown paths lead. */
export const HOME_PATH = '/dashboard';

/** Every route of the dashboard. This is the one list; menus and the router read it. */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/', audience: 'everyone', redirectTo: HOME_PATH },
  { path: '/dashboard', label: 'Dashboard', audience: 'everyone' },
  { path: '/data-sources', label: 'Data Sources', audience: 'admins' },
  { path: '/analytics', audience: 'admins', feature: 'analytics' },
  { path: '/regional-summary', label: 'Regional Summary', audience: 'admins' },
  {
    path: '/member-comparisons',
    label: 'Member Comparisons',
    audience: 'admins',
    deniedToSpecialBrand: true,
  },
  { path: '/instructions', audience: 'admins' },
  { path: '/notifications', label: 'Notifications', audience: 'everyone' },
  {
    path: '/member-management',
    label: 'Member Management',
    audience: 'admins',
  },
  {
    path: '/store-rankings',
    label: 'Store Performance Rankings',
    audience: 'admins',
  },
  {
    path: '/stores-analytics',
    label: 'Store Analytics',
    audience: 'admins',
    feature: 'storeAnalytics',
  },
  {
    path: '/average-metrics',
    label: 'Average Metrics',
    audience: 'admins',
    deniedToSpecialBrand: true,
  },
  {
    path: '/performance',
    label: 'Performance',
    audience: 'admins',
    userMenu: true,
  },
  {
    path: '/warehouse-operations',
    label: 'Warehouse Operations',
    audience: 'admins',
    feature: 'warehouseOperations',
  },
  { path: '/eol-processing', label: 'EOL Processing', audience: 'admins' },
  {
    path: '/admin-stores',
    label: 'Stores & Inventory Management',
    audience: 'admins',
  },
  {
    path: '/g2-store-mappings',
    label: 'G2 Store Mappings',
    audience: 'admins',
  },
  {
    path: '/api-keys',
    label: 'API Keys',
    audience: 'everyone',
    userMenu: true,
  },
  {
    path: '/report-generator',
    label: 'Report Generator',
    audience: 'admins',
    deniedToSpecialBrand: true,
  },
  {
    path: '/shipment-tracking',
    label: 'Shipment Tracking',
    audience: 'admins',
  },
  {
    path: '/g2-data-management',
    label: 'G2 Data Management',
    audience: 'admins',
    deniedToSpecialBrand: true,
  },
  {
    path: '/data-export',
    label: 'Raw Data Export',
    audience: 'admins',
    deniedToSpecialBrand: true,
  },
  {
    path: '/g2-uploads',
    audience: 'admins',
    redirectTo: '/g2-data-management',
  },
  {
    path: '/data-quality-investigation',
    audience: 'admins',
    redirectTo: '/g2-data-management',
  },
  { path: '/user-management', label: 'User Management', audience: 'admins' },
  { path: '/demo-cleanup', audience: 'admins' },
  { path: '/pact-analytics', audience: 'admins', feature: 'pactAnalytics' },
  {
    path: '/admin/consumer-forms-overview',
    label: 'Consumer Forms',
    audience: 'collective-admins',
  },
  {
    path: '/consumer-mailback',
    label: 'Consumer Mailback',
    audience: 'collective-admins',
    feature: 'mailBack',
  },
  {
    path: '/consumer-mailback/submissions',
    audience: 'collective-admins',
    feature: 'mailBack',
  },
  {
    path: '/consumer-mailback/submissions/:id',
    audience: 'collective-admins',
    feature: 'mailBack',
  },
];

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
  switch (route.audience) {
    case 'everyone':
      return true;
    case 'admins':
      return access.isAdmin;
    case 'collective-admins':
      return access.isCollectiveAdmin;
  }
}

/** The user menu's entries (specification §2 Header) the user may open, in table order. */
export function userMenuRoutes(
  access: Access,
  features: TenantFeatures,
): RouteEntry[] {
  return ROUTES.filter(
    (route) => route.userMenu && canOpen(route, access, features),
  );
}
