/** Build stamp shown at the bottom right (decisions D10). */
export interface BuildStamp {
  version: string;
  commit: string;
  date: string;
}

/** The dashboard's validated configuration, read once at start. */
export interface AppConfig {
  /** Absolute base URL of the API; the page's own origin unless configured. */
  apiBaseUrl: string;
  build: BuildStamp;
}

/** The build-time environment the dashboard reads (Vite's `import.meta.env`). */
export interface DashboardEnv {
  VITE_API_BASE_URL?: string;
  VITE_APP_VERSION?: string;
  VITE_BUILD_COMMIT?: string;
  VITE_BUILD_DATE?: string;
}

/**
 * Validates the configuration. `VITE_API_BASE_URL` is optional: empty means
 * the API is served from the same origin as the dashboard (`/api/...`).
 * Throws an error that says how to fix a bad value.
 */
export function readConfig(env: DashboardEnv, origin: string): AppConfig {
  const configured = env.VITE_API_BASE_URL?.trim();
  let apiBaseUrl = origin;
  if (configured) {
    let url: URL;
    try {
      url = new URL(configured);
    } catch {
      throw new Error(
        `VITE_API_BASE_URL must be an absolute http(s) URL such as https://api.example.org, got "${configured}". Leave it empty to use this page's origin.`,
      );
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new Error(
        `VITE_API_BASE_URL must use http or https, got "${url.protocol}".`,
      );
    }
    apiBaseUrl = url.href;
  }
  return {
    apiBaseUrl,
    build: {
      version: env.VITE_APP_VERSION || '1.0.0',
      commit: env.VITE_BUILD_COMMIT || 'dev',
      date: env.VITE_BUILD_DATE || '',
    },
  };
}
