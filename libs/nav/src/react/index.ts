/** React bindings of @collective/nav (menus, sheet and bell follow in the navigation issue). */
export { useOpenRoutes } from './use-open-routes';
