import { MenuButton } from '@collective/ui';
import { useTheme } from '../theme-provider';

/** Props of {@link ThemeSwitcher}. */
export interface ThemeSwitcherProps {
  /** What the switcher is called: "Theme" by default, read before the current variant. */
  label?: string;
  /** Shows only the current variant's name on the button (the name stays accessible), for tight headers. */
  hideLabel?: boolean;
  className?: string;
}

/**
 * Lists the active tenant's theme variants by name in a menu button (the
 * WAI-ARIA pattern, keyboard operable); choosing one stores it, applies it
 * and reloads the page (specification §4). A menu rather than a native
 * select: a select changes on a single arrow key in some browsers, and a
 * reload on that would change the page under a keyboard user who was only
 * looking through the list (WCAG 3.2.2). Styled only with the theme variables.
 */
export function ThemeSwitcher({
  label = 'Theme',
  hideLabel = false,
  className,
}: ThemeSwitcherProps) {
  const { variant, variants, switchVariant } = useTheme();
  const current = variants.find((option) => option.variant === variant);
  const name = current?.name ?? variant;
  return (
    <MenuButton
      className={className}
      aria-label={`${label}: ${name}`}
      label={hideLabel ? name : `${label}: ${name}`}
      align="end"
      items={variants.map((option) => ({
        id: option.variant,
        label: option.name,
        current: option.variant === variant,
        onSelect: () => {
          if (option.variant !== variant) switchVariant(option.variant);
        },
      }))}
    />
  );
}
