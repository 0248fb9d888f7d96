import type { HTMLAttributes } from 'react';
import styles from './stack.module.css';

/** Props of {@link Stack}: those of its element. */
export interface StackProps extends HTMLAttributes<HTMLElement> {
  /** The element it is; a `div` by default. */
  as?: 'div' | 'article' | 'section';
}

/**
 * A column of sections (a screen's lists, forms and panels, or a record's
 * facts) with the theme's spacing between them, each of which may shrink
 * below its content, so a wide table scrolls in its own frame instead of
 * widening the page on a phone. `className` adds to its own class.
 */
export function Stack({ as: Element = 'div', className, ...rest }: StackProps) {
  return (
    <Element
      className={[styles.stack, className ?? ''].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}
