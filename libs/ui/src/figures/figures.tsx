import type { ReactNode } from 'react';
import styles from './figures.module.css';

/** One figure: what it is and its formatted value. */
export interface Figure {
  term: string;
  value: ReactNode;
}

/** Props of {@link Figures}. */
export interface FiguresProps {
  figures: readonly Figure[];
}

/**
 * Key figures as tiles, a description list (each term read with its
 * value): as many tiles a row as fit, one column on a phone.
 */
export function Figures({ figures }: FiguresProps) {
  return (
    <dl className={styles.figures}>
      {figures.map(({ term, value }) => (
        <div key={term} className={styles.figure}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
