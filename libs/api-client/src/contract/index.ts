/**
 * The API contract: request and response schemas of every call, shared by
 * the client and the reference server. Import as `@collective/api-client/contract`.
 */
export { endpointPath, endpoints, markReadPath } from './endpoints';
export type {
  Endpoint,
  EndpointName,
  HttpMethod,
  ParamsInput,
  RequestInput,
  ResponseOf,
} from './endpoints';
export {
  ErrorBodySchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  MarkReadResponseSchema,
  MAX_EMAIL_LENGTH,
  MAX_NOTIFICATION_ID,
  MAX_PASSWORD_LENGTH,
  MeResponseSchema,
  MemberSchema,
  MembersQuerySchema,
  MembersResponseSchema,
  NotificationIdParamSchema,
  NotificationIdSchema,
  NotificationSchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  TENANT_CODES,
  TenantCodeSchema,
  UnreadCountResponseSchema,
  UserSchema,
} from './schemas';
export type {
  ErrorBody,
  LoginRequest,
  LoginResponse,
  Member,
  MeResponse,
  Notification,
  NotificationsResponse,
  TenantCode,
  User,
} from './schemas';
