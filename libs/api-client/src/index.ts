/**
 * @collective/api-client: the typed, validated HTTP client of the Collective
 * API. No React; usable from any browser or Node tool.
 */
export { createApiClient } from './client';
export type {
  ApiClient,
  ApiClientOptions,
  CallOptions,
  LogoutOptions,
  MemberScope,
  MembersScope,
  Requester,
  StoreListParams,
  Transport,
} from './client';
export { ApiError, isApiError } from './api-error';
export type { ApiErrorInit, ApiErrorKind } from './api-error';
export type {
  ApiKey,
  CreatedApiKey,
  DashboardSummary,
  MaterialCode,
  MaterialWeight,
  RankedStore,
  Shipment,
  Store,
  StoreDetail,
  StoreSort,
  StoresPage,
} from './contract/data-schemas';
export type {
  LoginRequest,
  LoginResponse,
  Member,
  MeResponse,
  Notification,
  User,
} from './contract/schemas';
export type { TenantCode } from './contract/tenant-codes';
