import { useId, type ReactNode } from 'react';
import styles from './panel.module.css';

/** Props of {@link Panel}. */
export interface PanelProps {
  /**
   * The heading, an `<h2>` that names the section; without one the panel
   * is only the card, around content that names itself (a chart's figure).
   */
  title?: ReactNode;
  /** The heading's id, when something links or waits for it (`#kpis`); else one of React's. */
  headingId?: string;
  /** Beside the heading, at its end (e.g. a link or a button). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A titled section of a screen in the theme's card: bordered, on the
 * surface colour, named by its heading for screen readers. Screens stack
 * panels; a panel never makes the page wider than the window.
 */
export function Panel({ title, headingId, actions, children }: PanelProps) {
  const ownId = useId();
  const id = headingId ?? ownId;
  if (title === undefined)
    return <div className={styles.panel}>{children}</div>;
  return (
    <section aria-labelledby={id} className={styles.panel}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
