import { useId, type ChangeEvent } from 'react';
import { useTheme } from '../use-theme';
import styles from './theme-switcher.module.css';

/** Props of {@link ThemeSwitcher}. */
export interface ThemeSwitcherProps {
  /** Visible label and accessible name of the list; "Theme" by default. */
  label?: string;
  /** Hides the label visually (it stays the accessible name), for tight headers. */
  hideLabel?: boolean;
  /** Called instead of the provider's `reload` after a choice is stored. */
  onReload?: () => void;
  className?: string;
}

/**
 * Lists the active tenant's theme variants by name in a native select;
 * choosing one stores it, applies it and reloads the page (specification §4).
 * Keyboard operable as any select; styled only with the theme variables.
 */
export function ThemeSwitcher({
  label = 'Theme',
  hideLabel = false,
  onReload,
  className,
}: ThemeSwitcherProps) {
  const { variant, variants, setVariant, reload } = useTheme();
  const id = useId();
  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    if (event.target.value === variant) return;
    setVariant(event.target.value);
    (onReload ?? reload)();
  };
  return (
    <div
      className={[styles.switcher, className ?? ''].filter(Boolean).join(' ')}
    >
      <label
        htmlFor={id}
        className={hideLabel ? styles['visually-hidden'] : styles.label}
      >
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={variant}
        onChange={choose}
      >
        {variants.map((option) => (
          <option key={option.variant} value={option.variant}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
