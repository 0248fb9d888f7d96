import { HOME_PATH } from '@collective/nav';
import { Link, Outlet } from 'react-router-dom';
import type { BuildStamp } from '../../config';
import type { ShellContext } from '../session-gate';
import { UserMenu } from '../user-menu/user-menu';
import styles from './shell.module.css';

/** Props of {@link Shell}. */
export interface ShellProps {
  context: ShellContext;
  build: BuildStamp;
}

/** The signed-in layout: header with logo and user, the current screen, the build stamp. */
export function Shell({ context, build }: ShellProps) {
  const { user, access, tenant } = context;
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
        <div className={styles.user}>
          <UserMenu user={user} access={access} />
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet context={context} />
      </main>
      <footer className={styles.stamp}>
        v{build.version} · {build.commit}
        {build.date ? ` · ${build.date}` : ''}
      </footer>
    </div>
  );
}
