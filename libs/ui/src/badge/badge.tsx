import styles from './badge.module.css';

/** Props of {@link Badge}. */
export interface BadgeProps {
  /** The text to show, e.g. "5" or "99+"; nothing is rendered for null. */
  children: string | null;
  className?: string;
}

/**
 * A small count pill. It is decoration: hidden from screen readers, so the
 * control it sits on must say the number in its accessible name.
 */
export function Badge({ children, className }: BadgeProps) {
  if (children === null) return null;
  return (
    <span
      aria-hidden="true"
      className={[styles.badge, className ?? ''].filter(Boolean).join(' ')}
    >
      {children}
    </span>
  );
}
