import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button.module.css';

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `primary` for the main action of a view, `secondary` for the rest, `ghost` for toolbars. */
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Stretches the button to the width of its container. */
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A native button styled with the theme variables; `type` defaults to "button". */
export function Button({
  variant = 'primary',
  block = false,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [
    styles.button,
    styles[variant],
    block ? styles.block : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...rest} />;
}
