/** React bindings of @collective/tenancy: provider, hooks, switchers and the member chip. */
export { MemberChip } from './member-chip/member-chip';
export { MemberSwitcher } from './member-switcher/member-switcher';
export {
  membersQueryKey,
  StaticTenancyProvider,
  TenancyProvider,
  useDataFilter,
  useDataScope,
  useMembers,
  useTenancy,
  useTenant,
} from './tenancy-provider';
export type { TenancyProviderProps, TenancyView } from './tenancy-provider';
export { TenantSwitcher } from './tenant-switcher/tenant-switcher';
