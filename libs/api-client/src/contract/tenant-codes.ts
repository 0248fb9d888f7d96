/**
 * Codes of the tenants (decisions D3), the only values of the `X-Tenant-Code`
 * header: `pact`, the main collective tenant, and `kiehls`, the brand tenant.
 * A module without valibot, so the sign-in page can read it (decision 0107).
 */
export const TENANT_CODES = ['pact', 'kiehls'] as const;
/** Code of a tenant, as sent in `X-Tenant-Code`. */
export type TenantCode = (typeof TENANT_CODES)[number];

/** Whether `value` names a known tenant, exactly (case-sensitive). */
export function isTenantCode(value: unknown): value is TenantCode {
  return (
    typeof value === 'string' &&
    (TENANT_CODES as readonly string[]).includes(value)
  );
}
