/**
 * The API contract: request and response schemas of every call, shared by
 * the client and the reference server. Import as `@collective/api-client/contract`.
 */
export { endpoints } from './endpoints';
export type { EndpointName } from './endpoints';
export {
  ErrorBodySchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MeResponseSchema,
  MemberSchema,
  MembersQuerySchema,
  MembersResponseSchema,
  UnreadCountResponseSchema,
  UserSchema,
} from './schemas';
export type {
  ErrorBody,
  LoginRequest,
  LoginResponse,
  Member,
  MeResponse,
  User,
} from './schemas';
