import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-accounts';

/**
 * Signs in over HTTP, as a script would, and gives the session's bearer
 * token; fails the test unless the login succeeds.
 */
export async function apiToken(
  request: APIRequestContext,
  email: string,
): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.status(), `login of ${email}`).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** GETs an API path with `Authorization: Bearer <token>`; the response as it came. */
export function apiGet(
  request: APIRequestContext,
  path: string,
  token: string,
) {
  return request.get(path, { headers: { authorization: `Bearer ${token}` } });
}

/** GETs an API path with a bearer token and gives its JSON body; fails the test on any status but 200. */
export async function apiJson<T>(
  request: APIRequestContext,
  path: string,
  token: string,
): Promise<T> {
  const response = await apiGet(request, path, token);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}
