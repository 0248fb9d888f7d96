/**
 * @collective/nav: the route table of the Collective Dashboard as data, who
 * may open each route, and badge formatting. No React; bindings are in
 * `@collective/nav/react`.
 */
export {
  formatBadge,
  HEADER_BADGE_CAP,
  MOBILE_BADGE_CAP,
} from './format-badge';
export { canOpen, HOME_PATH, ROUTES, userMenuRoutes } from './routes';
export type { RouteAudience, RouteEntry } from './routes';
