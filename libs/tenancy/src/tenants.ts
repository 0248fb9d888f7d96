import {
  isTenantCode,
  TENANT_CODES,
  TENANT_FEATURES,
  type TenantCode,
  type TenantFeatures,
} from '@collective/api-client/contract';

/** The tenant codes, as the API contract defines them for X-Tenant-Code. */
export { isTenantCode, TENANT_CODES };
export type { TenantCode, TenantFeatures };

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

/** The tenant registry (decisions D3). `pact` is the main tenant and the default. */
export const TENANTS: Readonly<Record<TenantCode, Tenant>> = {
  pact: {
    code: 'pact',
    id: 1,
    name: 'Pact Collective',
    logo: '/logos/pact.svg',
    color: '#2E888D',
    type: 'collective',
    features: TENANT_FEATURES.pact,
  },
  kiehls: {
    code: 'kiehls',
    id: 2,
    name: "Kiehl's",
    logo: '/logos/kiehls.svg',
    color: '#00fba9',
    type: 'brand',
    features: TENANT_FEATURES.kiehls,
  },
};

/** The default, main tenant (specification §9). */
export const DEFAULT_TENANT: TenantCode = 'pact';
