import { useSession } from '@collective/auth/react';
import { HOME_PATH } from '@collective/nav';
import {
  MemberChip,
  MemberSwitcher,
  TenantSwitcher,
  useTenancy,
} from '@collective/tenancy/react';
import { ThemeSwitcher } from '@collective/theming/react';
import { Link, Outlet } from 'react-router-dom';
import type { BuildStamp } from '../../config';
import { UserMenu } from '../user-menu/user-menu';
import styles from './shell.module.css';

/** Props of {@link Shell}. */
export interface ShellProps {
  build: BuildStamp;
}

/**
 * The signed-in layout (specification §2 Header): logo linking to the
 * dashboard, member chip, tenant and member switchers, user menu, the
 * current screen and the build stamp.
 */
export function Shell({ build }: ShellProps) {
  const { user } = useSession();
  const { tenant } = useTenancy();
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <Link
          to={HOME_PATH}
          className={styles.logo}
          aria-label={`${tenant.name} dashboard home`}
        >
          <img src={tenant.logo} alt="" width={120} height={32} />
        </Link>
        <div className={styles.tools}>
          <MemberChip />
          <TenantSwitcher />
          <MemberSwitcher />
          <ThemeSwitcher hideLabel />
          {user ? <UserMenu user={user} /> : null}
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className={styles.stamp}>
        v{build.version} · {build.commit}
        {build.date ? ` · ${build.date}` : ''}
      </footer>
    </div>
  );
}
