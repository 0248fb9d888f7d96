#!/usr/bin/env node
/**
 * The yardstick of `npm run bench:api`: a bare Fastify server (no logger, no
 * hooks, no plugins) answering GET /bare with a small JSON body, on
 * 127.0.0.1:$PORT. Its throughput is what Node and Fastify give on this
 * machine before any of the reference server's work.
 *
 * `BARE_HEADERS` (JSON, name → value) are response headers to send with
 * every answer: the bench passes the ones the API sends on every answer
 * (security headers, `cache-control`), so both servers write the same
 * response (docs/decisions/0066, addendum). They are set in the handler,
 * the cheapest place Fastify offers.
 */
import Fastify from 'fastify';

const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}');
const app = Fastify({ logger: false });
app.get('/bare', async (_request, reply) => {
  reply.headers(headers);
  return { success: true, status: 'ok' };
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
