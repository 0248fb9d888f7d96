/** React bindings of @collective/theming. */
export { useAppliedTheme } from './use-theme';
