import type { ReactNode } from 'react';
import styles from './alert.module.css';

/** Props of {@link Alert}. */
export interface AlertProps {
  /** `error` is announced at once (role "alert"); `info` politely (role "status"). */
  tone?: 'error' | 'info';
  children: ReactNode;
  className?: string;
}

/** A message box announced to screen readers when it appears. */
export function Alert({ tone = 'error', children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={[styles.alert, styles[tone], className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      {children}
    </div>
  );
}
