import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** The class that hides content on screen but not from screen readers. */
export const visuallyHiddenClass = styles.hidden ?? '';

/** Text for screen readers only, e.g. "Member: " before a chip's name. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={visuallyHiddenClass}>{children}</span>;
}
