/**
 * @collective/ui: accessible React primitives of the collective's tools. They
 * style themselves only with the theme's CSS custom properties (see the
 * README for the variable contract), so they work under any theme and never
 * import the theming library.
 */
export { Alert } from './alert/alert';
export type { AlertProps } from './alert/alert';
export { Badge } from './badge/badge';
export type { BadgeProps } from './badge/badge';
export { Button } from './button/button';
export type { ButtonProps } from './button/button';
export { MenuButton } from './menu-button/menu-button';
export type { MenuButtonProps, MenuItem } from './menu-button/menu-button';
export { SelectField } from './select-field/select-field';
export type {
  SelectFieldProps,
  SelectOption,
} from './select-field/select-field';
export { Sheet } from './sheet/sheet';
export type { SheetProps } from './sheet/sheet';
export {
  VisuallyHidden,
  visuallyHiddenClass,
} from './visually-hidden/visually-hidden';
export { TextField } from './text-field/text-field';
export type { TextFieldProps } from './text-field/text-field';
