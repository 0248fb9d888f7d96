import type { KeyValueStorage } from '@collective/auth';
import { ACTIVE_TENANT_STORAGE_KEY } from './resolve-active-tenant';
import { isTenantCode, type TenantCode } from './tenants';

/** Name of the window event sent when the stored active tenant changes (specification §4). */
export const TENANT_CHANGED_EVENT = 'tenantChanged';

/** Detail of the {@link TENANT_CHANGED_EVENT} event. */
export interface TenantChangedDetail {
  tenant: TenantCode;
}

/** The stored active tenant when it names a known tenant exactly; anything else is null. */
export function readStoredTenant(
  storage: Pick<KeyValueStorage, 'getItem'>,
): TenantCode | null {
  const stored = storage.getItem(ACTIVE_TENANT_STORAGE_KEY);
  return isTenantCode(stored) ? stored : null;
}

/**
 * Stores `tenant` as the active tenant. When the stored value changes
 * (including replacing an unknown or hostile one) it sends `tenantChanged`
 * on `events`, so the theme follows. Returns whether it changed.
 */
export function storeActiveTenant(
  tenant: TenantCode,
  storage: KeyValueStorage,
  events?: Pick<EventTarget, 'dispatchEvent'>,
): boolean {
  if (storage.getItem(ACTIVE_TENANT_STORAGE_KEY) === tenant) return false;
  storage.setItem(ACTIVE_TENANT_STORAGE_KEY, tenant);
  events?.dispatchEvent(
    new CustomEvent<TenantChangedDetail>(TENANT_CHANGED_EVENT, {
      detail: { tenant },
    }),
  );
  return true;
}

/** Switches tenant (super admin): stores the choice and reloads the page (specification §4). */
export function switchTenant(
  tenant: TenantCode,
  options: {
    storage: KeyValueStorage;
    reload: () => void;
    events?: Pick<EventTarget, 'dispatchEvent'>;
  },
): void {
  storeActiveTenant(tenant, options.storage, options.events);
  options.reload();
}
