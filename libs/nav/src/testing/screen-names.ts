/**
 * Names a test derives from a route path: the URL to open it at and the
 * component that shows it.
 */

/** A concrete URL of a route path: each parameter becomes `42` (`/x/:id` → `/x/42`). */
export function urlOf(path: string): string {
  return path.replace(/:[^/]+/g, '42');
}

/**
 * The name of the component that shows `path`, as the feature library
 * generator names it: the path's segments in PascalCase, a parameter as
 * `Detail`, then `Screen` (`/consumer-mailback/submissions/:id` →
 * `ConsumerMailbackSubmissionsDetailScreen`).
 */
export function screenComponentName(path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '')
    .flatMap((segment) =>
      segment.startsWith(':') ? ['detail'] : segment.split('-'),
    );
  return `${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}Screen`;
}
