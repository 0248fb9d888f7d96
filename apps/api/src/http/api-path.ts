import { API_PREFIX } from '../constants';

/**
 * The path of a contract endpoint (`/api/auth/login`) as routes inside the
 * API plugin declare it (`/auth/login`): the plugin is registered under
 * {@link API_PREFIX}, which Fastify puts back in front. The contract keeps
 * the full paths the client calls; this is the one place that strips them.
 */
export function pathInsideApi(contractPath: string): string {
  if (!contractPath.startsWith(`${API_PREFIX}/`)) {
    throw new Error(
      `The contract path "${contractPath}" does not start with ${API_PREFIX}/; the reference server serves the API under ${API_PREFIX} only.`,
    );
  }
  return contractPath.slice(API_PREFIX.length);
}
