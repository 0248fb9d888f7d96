import { HOME_PATH, type RegisteredRoute } from '@collective/nav';
import {
  MobileNav,
  NotificationBell,
  TopNav,
  usePreloadAfterSignIn,
  UserMenu,
  type ScreenLoader,
} from '@collective/nav/react';
import {
  MemberChip,
  MemberSwitcher,
  TenantSwitcher,
  useTenancy,
} from '@collective/tenancy/react';
import { ThemeSwitcher } from '@collective/theming/react';
import { Link, Outlet } from 'react-router-dom';
import type { BuildStamp } from '../../config';
import {
  OfflineNotice,
  type NetworkPlatform,
} from './offline-notice/offline-notice';
import {
  useScrollRestoration,
  type ScrollPlatform,
} from './scroll-restoration';
import styles from './shell.module.css';

/** Props of {@link Shell}. */
export interface ShellProps {
  build: BuildStamp;
  /** The route registry, for the preload after sign-in. */
  registry: readonly RegisteredRoute<ScreenLoader>[];
  /** Where the page's scroll is read and set, and whether the network is up. */
  platform: ScrollPlatform & NetworkPlatform;
}

/**
 * The signed-in layout (specification §2): the header (logo linking to the
 * dashboard, the top navigation or, below 768 px, the Menu button of the
 * bottom sheet, the bell and the user menu, then the member chip and the
 * tenant, member and theme switchers), a notice while the browser is
 * offline, the current screen and the build stamp at the bottom right.
 */
export function Shell({ build, registry, platform }: ShellProps) {
  const { tenant } = useTenancy();
  usePreloadAfterSignIn(registry);
  // Back and Forward restore where the page was scrolled (a list left for a detail).
  useScrollRestoration(platform);
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link
            to={HOME_PATH}
            className={styles.logo}
            aria-label={`${tenant.name} dashboard home`}
          >
            <img src={tenant.logo} alt="" width={120} height={32} />
          </Link>
          <TopNav className={styles.topNav} />
          <div className={styles.actions}>
            <NotificationBell />
            <MobileNav className={styles.mobileNav} />
            <UserMenu />
          </div>
        </div>
        <div className={styles.context}>
          <MemberChip />
          <TenantSwitcher />
          <MemberSwitcher />
          <ThemeSwitcher hideLabel />
        </div>
      </header>
      <OfflineNotice platform={platform} />
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
