import { shownMember } from '@collective/tenancy';
import { useMembers, useTenancy } from '@collective/tenancy/react';
import { useId, type ReactNode } from 'react';
import { useCurrentRoute } from '../use-current-route';
import styles from './screen-frame.module.css';

/** Product name after each screen's title in the document title. */
const PRODUCT = 'Collective Dashboard';

/** Props of {@link ScreenFrame}. */
export interface ScreenFrameProps {
  /** The heading; the route table's title of the current route by default. */
  title?: string;
  children?: ReactNode;
}

/**
 * The frame of every screen: a region labelled by its level-one heading, the
 * document title, and the line saying which tenant and data scope every
 * figure on it belongs to.
 */
export function ScreenFrame({ title, children }: ScreenFrameProps) {
  const route = useCurrentRoute();
  const heading = title ?? route?.title ?? PRODUCT;
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.frame}>
      <title>{`${heading} · ${PRODUCT}`}</title>
      <div className={styles.head}>
        <h1 id={id} className={styles.title}>
          {heading}
        </h1>
        <DataScopeLine />
      </div>
      {children}
    </section>
  );
}

/** "Pact Collective · showing data for Kiehl's": the tenant and the data scope. */
export function DataScopeLine() {
  const { tenant, dataFilter } = useTenancy();
  const members = useMembers();
  const member = shownMember(tenant.code, dataFilter, members);
  return (
    <p className={styles.scope} data-testid="data-scope">
      {tenant.name} · showing data for {member?.name ?? 'all members'}
    </p>
  );
}

/** Says plainly that a screen has no content yet. */
export function PendingContent() {
  return (
    <p className={styles.pending}>
      The content of this screen is not available yet.
    </p>
  );
}
