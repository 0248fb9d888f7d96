/** React bindings of @collective/tenancy: providers, hooks, switchers and the member chip. */
export { MemberChip } from './member-chip/member-chip';
export { MemberSwitcher } from './member-switcher/member-switcher';
export {
  ShellProvider,
  TenancyProvider,
  TenancyProviders,
  useDataFilter,
  useDataScope,
  useMembers,
  useTenancy,
  useTenant,
} from './tenancy-provider';
export type {
  ShellProviderProps,
  TenancyProviderProps,
  TenancyView,
} from './tenancy-provider';
export { useExportUrl } from './use-export-url';
export type { ExportEndpoint, ExportQuery } from './use-export-url';
export { useScopedMutation } from './use-scoped-mutation';
export { useScopedApi, useScopedQuery } from './use-scoped-query';
export type { ScopedQueryOptions } from './use-scoped-query';
export { TenantSwitcher } from './tenant-switcher/tenant-switcher';
