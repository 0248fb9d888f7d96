import {
  PAGE_EVENTS,
  STORAGE_KEYS,
  type KeyValueStorage,
  type Platform,
} from '@collective/platform';
import { isTenantCode, type TenantCode } from './tenants';

/** Detail of the `tenantChanged` page event. */
export interface TenantChangedDetail {
  tenant: TenantCode;
}

/** The stored active tenant when it names a known tenant exactly; anything else is null. */
export function readStoredTenant(
  storage: Pick<KeyValueStorage, 'getItem'>,
): TenantCode | null {
  const stored = storage.getItem(STORAGE_KEYS.activeTenant);
  return isTenantCode(stored) ? stored : null;
}

/**
 * Stores `tenant` as the active tenant. When the stored value changes
 * (including replacing an unknown or hostile one) it sends `tenantChanged`,
 * so the theme follows (specification §4). Returns whether it changed.
 */
export function storeActiveTenant(
  tenant: TenantCode,
  platform: Pick<Platform, 'storage' | 'emit'>,
): boolean {
  if (platform.storage.getItem(STORAGE_KEYS.activeTenant) === tenant)
    return false;
  platform.storage.setItem(STORAGE_KEYS.activeTenant, tenant);
  platform.emit(PAGE_EVENTS.tenantChanged, {
    tenant,
  } satisfies TenantChangedDetail);
  return true;
}
