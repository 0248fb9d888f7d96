/** React bindings of @collective/tenancy (tenant provider and switchers follow in the tenancy issue). */
export { useActiveTenant } from './use-active-tenant';
