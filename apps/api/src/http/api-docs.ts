import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { openApiDocument } from './openapi';

/** Where the API reference page is, inside the API (`/api/docs`). */
export const API_DOCS_PREFIX = '/docs';

/**
 * The OpenAPI 3.1 document generated from the contract, at
 * `/api/openapi.json`, and a readable reference page at `/api/docs`
 * (@fastify/swagger in static mode, @fastify/swagger-ui), so people with
 * API keys can read what they may call. The page gets a content security
 * policy of its own (the API's allows nothing), with its scripts and
 * styles served from this origin only.
 */
export const apiDocs: FastifyPluginAsync<{ version: string }> = async (
  app,
  { version },
) => {
  const document = openApiDocument(version);
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: document as never },
  });
  app.get('/openapi.json', async () => document);
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
};
