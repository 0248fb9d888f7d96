/**
 * @collective/nav: the route table of the Collective Dashboard as data (the
 * one registry of paths, titles, who may open them, menus and preloads), the
 * navigation derived from it, badge formatting and the unread-count query.
 * No React; bindings are in `@collective/nav/react`.
 */
export {
  formatBadge,
  HEADER_BADGE_CAP,
  MOBILE_BADGE_CAP,
  notificationsLabel,
} from './format-badge';
export {
  canOpen,
  createRouteRegistry,
  HOME_PATH,
  MENU_GROUPS,
  menuKindOf,
  navigationFor,
  preloadRoutes,
  quickActionRoutes,
  ROUTES,
  userMenuRoutes,
} from './routes';
export type {
  MenuGroupId,
  MenuKind,
  MenuSlot,
  NavEntry,
  RegisteredRoute,
  RouteAudience,
  RouteEntry,
  RoutePath,
} from './routes';
export {
  UNREAD_COUNT_FAILURE,
  UNREAD_COUNT_INPUT,
  UNREAD_COUNT_QUERY_OPTIONS,
  UNREAD_POLL_INTERVAL_MS,
} from './unread-count';
