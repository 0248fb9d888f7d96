import type { Platform } from '@collective/platform';
import {
  createSessionServices,
  type SessionServices,
  type ShellServices,
} from '@collective/tenancy';
import type { ThemeController } from '@collective/theming';
import type { PreloadScreenFiles } from './app/screen-files';
import type { AppConfig } from './config';

/**
 * The long-lived objects of the dashboard. Made before React renders: the
 * platform and the session, whose API client loads on first use — all the
 * sign-in page needs. Added once a user is signed in, by the signed-in
 * chunk: the loaded API client, the query client and the tenancy
 * (`createTenancyServices`), and the theme controller.
 */
export type Services = SessionServices &
  Partial<Pick<ShellServices, 'api' | 'queryClient' | 'tenancy'>> & {
    platform: Platform;
    theme?: ThemeController;
    /** Fetches a route's files ahead of its lazy import; a build's page has it, tests need not. */
    preloadScreenFiles?: PreloadScreenFiles;
  };

/** Makes the services the sign-in page needs, over the browser's platform. */
export function createServices(
  config: AppConfig,
  platform: Platform,
): Services {
  return {
    ...createSessionServices({ platform, apiBaseUrl: config.apiBaseUrl }),
    platform,
  };
}
