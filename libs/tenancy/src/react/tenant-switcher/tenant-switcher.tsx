import { MenuButton } from '@collective/ui';
import { TENANT_CODES, TENANTS } from '../../tenants';
import { useTenancy } from '../tenancy-provider';
import styles from './tenant-switcher.module.css';

/**
 * The tenant switcher (super admin only): both tenants with logo and name;
 * choosing one stores it and reloads the page (specification §4, §6).
 */
export function TenantSwitcher() {
  const { access, tenant, switchTenant } = useTenancy();
  if (!access.can.switchTenant) return null;
  return (
    <MenuButton
      aria-label={`Tenant: ${tenant.name}`}
      label={<span className={styles.label}>{tenant.name}</span>}
      items={TENANT_CODES.map((code) => ({
        id: code,
        label: TENANTS[code].name,
        current: code === tenant.code,
        icon: (
          <img
            src={TENANTS[code].logo}
            alt=""
            width={60}
            height={16}
            className={styles.logo}
          />
        ),
        onSelect: () => {
          if (code !== tenant.code) switchTenant(code);
        },
      }))}
    />
  );
}
