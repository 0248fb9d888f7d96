import type { ReactNode } from 'react';
import styles from './fact-list.module.css';

/** Props of {@link FactList}. */
export interface FactListProps {
  /** `<dt>` and `<dd>` pairs, in reading order. */
  children: ReactNode;
}

/**
 * The facts of one record (a shipment, a lot, a member, a user) as a
 * definition list: each term beside its value in two columns, a long value
 * wrapping inside its column so the list never widens the page.
 */
export function FactList({ children }: FactListProps) {
  return <dl className={styles.facts}>{children}</dl>;
}
