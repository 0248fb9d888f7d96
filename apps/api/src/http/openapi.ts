import {
  endpoints,
  ErrorBodySchema,
  type Endpoint,
  type EndpointName,
} from '@collective/api-client/contract';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

/** A JSON Schema object, as OpenAPI 3.1 embeds it. */
type JsonSchema = Record<string, unknown>;

function jsonSchema(
  schema: v.GenericSchema,
  mode: 'input' | 'output',
): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: mode,
    errorMode: 'ignore',
  }) as JsonSchema;
  return rest;
}

/** The query or path parameters of an object schema, as OpenAPI parameters. */
function parameters(
  schema: v.GenericSchema | undefined,
  place: 'path' | 'query',
) {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    schema: property,
  }));
}

const ERRORS: Record<string, string> = {
  '400': 'The path, query or body breaks the contract; `error` says how.',
  '401': 'No live session or API key (`WWW-Authenticate: Bearer`).',
  '403': 'The caller may not make this call.',
  '404': 'Nothing of that id in the caller’s data scope.',
  '409': 'A stale edit (the body holds the current record) or a limit reached.',
  '422': 'The Idempotency-Key was used for another request.',
  '429': 'Too many attempts; `Retry-After` says when to try again.',
};

function errorResponses(endpoint: Endpoint) {
  const codes = ['400'];
  if (endpoint.auth !== 'anonymous') codes.push('401');
  if (endpoint.auth === 'anonymous') codes.push('429');
  if (endpoint.audience !== 'signed-in' && endpoint.audience !== 'anyone')
    codes.push('403');
  if (endpoint.params || endpoint.scoped) codes.push('404');
  if (endpoint.audit) codes.push('409');
  if (endpoint.idempotent) codes.push('422');
  return Object.fromEntries(
    codes.map((code) => [
      code,
      {
        description: ERRORS[code],
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Error' },
          },
        },
      },
    ]),
  );
}

function security(endpoint: Endpoint) {
  switch (endpoint.auth) {
    case 'anonymous':
      return [];
    case 'session-if-any':
      return [{}, { session: [] }];
    case 'session':
      return [{ session: [] }];
    case 'session-or-key':
      return [{ session: [] }, { apiKey: [] }];
  }
}

/**
 * The OpenAPI 3.1 document of the API, generated from the contract: every
 * entry's method, path, parameters, body, answers (with the entries it also
 * serves), who may call it and the errors it can give. Served at
 * `/api/openapi.json` and read at `/api/docs`.
 */
export function openApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const names = Object.keys(endpoints) as EndpointName[];
  for (const name of names) {
    const endpoint: Endpoint = endpoints[name];
    if (endpoint.servedBy) continue;
    const answers = names
      .filter(
        (other) =>
          other === name || (endpoints[other] as Endpoint).servedBy === name,
      )
      .map((other) => jsonSchema(endpoints[other].response, 'input'));
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      operationId: name,
      summary: endpoint.summary,
      tags: [endpoint.resource],
      security: security(endpoint),
      parameters: [
        ...parameters(endpoint.params, 'path'),
        ...parameters(endpoint.query, 'query'),
        ...(endpoint.idempotent
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                description:
                  'A retried request with the same key makes one record and gets the first answer again (24 hours).',
                schema: { type: 'string', maxLength: 255 },
              },
            ]
          : []),
      ],
      ...(endpoint.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: jsonSchema(endpoint.body, 'input'),
                },
              },
            },
          }
        : {}),
      responses: {
        [String(endpoint.status ?? 200)]: {
          description: endpoint.summary,
          content: {
            'application/json': {
              schema: answers.length === 1 ? answers[0] : { oneOf: answers },
            },
          },
        },
        ...errorResponses(endpoint),
      },
      'x-audience': endpoint.audience,
      ...(endpoint.scoped
        ? { 'x-data-scope': 'member_id honoured for collective admins only' }
        : {}),
      ...(endpoint.audit ? { 'x-audit': endpoint.audit } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Collective API',
      version,
      description:
        "The API of the Collective Dashboard. Send `X-Tenant-Code: pact` or `kiehls`. Sessions come from POST /api/auth/login; API keys (`ck_…`) are made on the dashboard's API Keys page and read the data calls marked with the apiKey scheme, as their owner, in the owner's data scope.",
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token of POST /api/auth/login.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key, `ck_…`, for the read-only data calls.',
        },
      },
      schemas: { Error: jsonSchema(ErrorBodySchema, 'input') },
    },
    paths,
  };
}
