/** React bindings of @collective/auth: provider, hooks and the sign-in screens. */
export { AuthProvider, useAccess, useApi, useSession } from './auth-provider';
export type { AuthProviderProps, SessionView } from './auth-provider';
export { NoDashboardScreen } from './no-dashboard-screen/no-dashboard-screen';
export { ServerUnreachableScreen } from './server-unreachable-screen/server-unreachable-screen';
export { SignInScreen } from './sign-in-screen/sign-in-screen';
export type { SignInScreenProps } from './sign-in-screen/sign-in-screen';
