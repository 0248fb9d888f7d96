import { shownMember } from '@collective/tenancy';
import { useMembers, useTenancy } from '@collective/tenancy/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import {
  NavigationType,
  useLocation,
  useNavigationType,
} from 'react-router-dom';
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
 * figure on it belongs to. When the user navigates to a screen (not on the
 * page's first load), focus moves to its heading, so keyboard users start
 * there and screen readers announce the new page.
 */
export function ScreenFrame({ title, children }: ScreenFrameProps) {
  const route = useCurrentRoute();
  const heading = title ?? route?.title ?? PRODUCT;
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { key, pathname } = useLocation();
  // A link or Back/Forward, not the entry the page loaded at ("default") or a
  // redirect (REPLACE), which the user did not ask for.
  const type = useNavigationType();
  const navigated =
    type === NavigationType.Push ||
    (type === NavigationType.Pop && key !== 'default');
  useEffect(() => {
    const element = headingRef.current;
    if (navigated && element && !inOpenPopup(element.ownerDocument)) {
      element.focus({ preventScroll: true });
    }
    // Once per path shown: a change of query (a list's page) is not a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return (
    <section aria-labelledby={id} className={styles.frame}>
      <title>{`${heading} · ${PRODUCT}`}</title>
      <div className={styles.head}>
        <h1 id={id} ref={headingRef} tabIndex={-1} className={styles.title}>
          {heading}
        </h1>
        <DataScopeLine />
      </div>
      {children}
    </section>
  );
}

/**
 * Whether focus is in a menu or dialog the user has open (opened while the
 * screen was loading): the screen then leaves focus where the user put it.
 */
function inOpenPopup(document: Document): boolean {
  const active = document.activeElement;
  return (
    active !== null &&
    (active.closest('[role="menu"], dialog[open]') !== null ||
      active.getAttribute('aria-expanded') === 'true')
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
