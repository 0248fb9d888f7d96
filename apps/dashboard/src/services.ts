import { createApiClient, type ApiClient } from '@collective/api-client';
import {
  createSafeStorage,
  createSessionStore,
  type KeyValueStorage,
  type SessionStore,
} from '@collective/auth';
import {
  createMemberSelection,
  DEFAULT_TENANT,
  readStoredTenant,
  type MemberSelection,
} from '@collective/tenancy';
import {
  createThemeController,
  type ThemeController,
} from '@collective/theming';
import type { QueryClient } from '@tanstack/react-query';
import type { AppConfig } from './config';
import { createQueryClient } from './query-client';

/** The long-lived objects of the dashboard, made once before React renders. */
export interface Services {
  api: ApiClient;
  session: SessionStore;
  storage: KeyValueStorage;
  queryClient: QueryClient;
  /** The selected member, in memory only (decisions D4). */
  selection: MemberSelection;
  /** Applies the stored theme and follows storage and tenant changes. */
  theme: ThemeController;
}

function browserStorage(win: Window): KeyValueStorage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

/**
 * Wires the libraries together: the API client reads the session's token and
 * the stored tenant, a 401 ends the session, and the end of a session clears
 * the selected member and cancels and clears every query, so no data of the
 * previous user survives.
 */
export function createServices(
  config: AppConfig,
  win: Window = window,
): Services {
  const storage = createSafeStorage(browserStorage(win));
  const queryClient = createQueryClient();
  const selection = createMemberSelection();
  const tenantCode = () => readStoredTenant(storage) ?? DEFAULT_TENANT;
  const api = createApiClient({
    baseUrl: config.apiBaseUrl,
    getToken: () => session.getToken(),
    getTenantCode: tenantCode,
    onUnauthorized: () => session.expire(),
  });
  const session = createSessionStore({
    api,
    storage,
    reload: () => win.location.reload(),
    events: win,
  });
  session.onSessionEnd(() => {
    selection.set(null);
    void queryClient.cancelQueries();
    queryClient.clear();
  });
  const theme = createThemeController({
    storage,
    root: win.document.documentElement,
    events: win,
  });
  return { api, session, storage, queryClient, selection, theme };
}
