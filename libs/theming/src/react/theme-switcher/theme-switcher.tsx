import { SelectField } from '@collective/ui';
import type { ChangeEvent } from 'react';
import { useTheme } from '../theme-provider';

/** Props of {@link ThemeSwitcher}. */
export interface ThemeSwitcherProps {
  /** Visible label and accessible name of the list; "Theme" by default. */
  label?: string;
  /** Hides the label visually (it stays the accessible name), for tight headers. */
  hideLabel?: boolean;
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
  className,
}: ThemeSwitcherProps) {
  const { variant, variants, switchVariant } = useTheme();
  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    if (event.target.value !== variant) switchVariant(event.target.value);
  };
  return (
    <SelectField
      label={label}
      hideLabel={hideLabel}
      className={className}
      value={variant}
      onChange={choose}
      options={variants.map((option) => ({
        value: option.variant,
        label: option.name,
      }))}
    />
  );
}
