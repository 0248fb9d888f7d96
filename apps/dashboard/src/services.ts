import type { Platform } from '@collective/platform';
import { createShellServices, type ShellServices } from '@collective/tenancy';
import {
  createThemeController,
  type ThemeController,
} from '@collective/theming';
import type { AppConfig } from './config';

/** The long-lived objects of the dashboard, made once before React renders. */
export interface Services extends ShellServices {
  /** The browser: storage, other tabs, events, reload, visibility. */
  platform: Platform;
  /** Applies the stored theme and follows storage and tenant changes. */
  theme: ThemeController;
}

/**
 * Makes the dashboard's services over a platform: the shell's data services
 * (API client, session, query client, tenancy, wired together by
 * `createShellServices`) and the theme controller.
 */
export function createServices(
  config: AppConfig,
  platform: Platform,
): Services {
  return {
    platform,
    ...createShellServices({ platform, apiBaseUrl: config.apiBaseUrl }),
    theme: createThemeController({ platform }),
  };
}
