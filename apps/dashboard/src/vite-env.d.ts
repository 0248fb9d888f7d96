/// <reference types="vite/client" />

/** Build-time settings of the dashboard (see config.ts and the README). */
interface ImportMetaEnv {
  /** Absolute base URL of the API; empty for the page's own origin. */
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_APP_VERSION?: string;
  readonly VITE_BUILD_COMMIT?: string;
  readonly VITE_BUILD_DATE?: string;
}

interface Window {
  /**
   * Set by the session boot script of a build (vite.config.mts): fetches the
   * files a route's screen needs beyond the signed-in shell.
   */
  __preloadScreen?: (path: string) => void;
}
