import { TENANT_CODES, type TenantCode } from '@collective/api-client/contract';

/** The tenant codes, as the API contract defines them for X-Tenant-Code. */
export { TENANT_CODES };
export type { TenantCode };

/** Feature flags of a tenant (specification §1; decisions D3). */
export interface TenantFeatures {
  recycling: boolean;
  mailBack: boolean;
  inStore: boolean;
  kiosk: boolean;
  gamification: boolean;
  analytics: boolean;
  storeAnalytics: boolean;
  pactAnalytics: boolean;
  warehouseOperations: boolean;
  memberSwitcher: boolean;
  resale: boolean;
}

/** A tenant (specification §3): code, name, logo, color, type and features. */
export interface Tenant {
  code: TenantCode;
  /** The tenant id that `allowed_tenant_id` refers to. */
  id: number;
  name: string;
  /** Path of the logo image, served by the host app. */
  logo: string;
  /** Brand colour, the primary colour of the tenant's default theme. */
  color: string;
  /** `collective` for the main tenant, `brand` for a brand's own tenant. */
  type: 'collective' | 'brand';
  features: TenantFeatures;
}

const allFeatures: TenantFeatures = {
  recycling: true,
  mailBack: true,
  inStore: true,
  kiosk: true,
  gamification: true,
  analytics: true,
  storeAnalytics: true,
  pactAnalytics: true,
  warehouseOperations: true,
  memberSwitcher: true,
  resale: false,
};

/** The tenant registry (decisions D3). `pact` is the main tenant and the default. */
export const TENANTS: Readonly<Record<TenantCode, Tenant>> = {
  pact: {
    code: 'pact',
    id: 1,
    name: 'Pact Collective',
    logo: '/logos/pact.svg',
    color: '#2E888D',
    type: 'collective',
    features: allFeatures,
  },
  kiehls: {
    code: 'kiehls',
    id: 2,
    name: "Kiehl's",
    logo: '/logos/kiehls.svg',
    color: '#00fba9',
    type: 'brand',
    features: { ...allFeatures, memberSwitcher: false },
  },
};

/** The default, main tenant (specification §9). */
export const DEFAULT_TENANT: TenantCode = 'pact';

/** Whether `value` names a known tenant, exactly. */
export function isTenantCode(value: unknown): value is TenantCode {
  return (
    typeof value === 'string' &&
    (TENANT_CODES as readonly string[]).includes(value)
  );
}
