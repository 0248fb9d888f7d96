/**
 * React bindings of @collective/nav: the top navigation, the mobile sheet,
 * the notification bell, the user menu, the screen frame, and the screen
 * loaders that feature libraries contribute to the route registry.
 */
export { ListViews } from './list-views/list-views';
export type { ListViewsProps } from './list-views/list-views';
export { MobileNav } from './mobile-nav/mobile-nav';
export type { MobileNavProps } from './mobile-nav/mobile-nav';
export { NotificationBell } from './notification-bell/notification-bell';
export {
  DataScopeLine,
  PendingContent,
  ScreenFrame,
} from './screen-frame/screen-frame';
export type { ScreenFrameProps } from './screen-frame/screen-frame';
export {
  PRELOAD_DELAY_MS,
  preloadScreen,
  usePreloadAfterSignIn,
} from './screens';
export type {
  FirstRead,
  ScreenLoader,
  ScreenMap,
  ScreenModule,
} from './screens';
export { TopNav } from './top-nav/top-nav';
export type { TopNavProps } from './top-nav/top-nav';
export { FROM_LIST, useChosenRecord } from './use-chosen-record';
export type { ChosenRecord } from './use-chosen-record';
export { routeAt, useCurrentRoute } from './use-current-route';
export { useUnreadCount } from './use-unread-count';
export { UserMenu } from './user-menu/user-menu';
