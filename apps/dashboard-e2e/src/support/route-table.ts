import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

/** What these tests need of a route of the dashboard's route table. */
export interface TableRoute {
  /** Path pattern in react-router syntax, e.g. `/consumer-mailback/submissions/:id`. */
  path: string;
  /** The screen's heading, where the route has a screen. */
  title?: string;
  /** Where the route redirects, when it does. */
  redirectTo?: string;
}

/** The route table and the path refused and unknown paths lead to. */
export interface RouteTable {
  routes: readonly TableRoute[];
  homePath: string;
}

/** The workspace's export condition pointing packages at their TypeScript sources. */
const SOURCE_CONDITION = '@collective/source';

/**
 * The dashboard's route table, `ROUTES` of @collective/nav, read from the
 * library's source at run time with Vite's module runner (as the
 * dashboard's build reads @collective/theming's boot script). The e2e
 * project may not import libraries (its module-boundary tag allows none),
 * and these tests need the table itself, not a copy that could drift: a
 * route added there is deep-linked here without touching this suite.
 */
export async function dashboardRoutes(): Promise<RouteTable> {
  const { module } = await runnerImport<{
    ROUTES?: readonly TableRoute[];
    HOME_PATH?: string;
  }>('@collective/nav', {
    configFile: false,
    root: fileURLToPath(new URL('../../../dashboard', import.meta.url)),
    logLevel: 'error',
    environments: {
      inline: { resolve: { conditions: [SOURCE_CONDITION] } },
    },
  });
  const { ROUTES: routes, HOME_PATH: homePath } = module;
  if (!Array.isArray(routes) || routes.length === 0 || !homePath) {
    throw new Error(
      '@collective/nav exports no ROUTES table or HOME_PATH; update apps/dashboard-e2e/src/support/route-table.ts to where the route table now lives.',
    );
  }
  return { routes, homePath };
}

/** A real path for a route pattern: each `:param` becomes `1`. */
export function examplePath(pattern: string): string {
  return pattern.replace(/:[A-Za-z_]\w*/g, '1');
}
