import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers sent with every response. The server only returns JSON, so the
 * content security policy allows nothing and no page may frame it; nothing is
 * cached, as responses carry personal data. No CORS headers are sent: the
 * dashboard reaches the API on its own origin (through a proxy in development).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
};

/** `onSend` hook that adds {@link SECURITY_HEADERS} to every reply, errors and 404s included. */
export async function addSecurityHeaders(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  reply.headers(SECURITY_HEADERS);
  return payload;
}
