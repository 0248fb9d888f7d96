import type { MenuItem } from '@collective/ui';
import type { RouteEntry } from '../routes';

/** Whether `pathname` is `path` or a page under it (a section holds its sub-pages). */
export function isWithin(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** Menu items that link to routes, marking the page being shown. */
export function linkItems(
  routes: readonly (RouteEntry & { title: string })[],
  pathname: string,
  navigate: (path: string) => void,
): MenuItem[] {
  return routes.map((route) => ({
    id: route.path,
    label: route.title,
    href: route.path,
    isCurrentPage: isWithin(pathname, route.path),
    onSelect: () => navigate(route.path),
  }));
}
