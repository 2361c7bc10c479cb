import { errorResponseSchema } from '@qoltanba/core';
import { z } from 'zod';
import type { AnyRouteDefinition, MultipartBody } from './route.js';

type JsonSchema = Record<string, unknown>;

/** A minimal OpenAPI 3.1 document type: what the builder produces. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/** JSON Schema (draft 2020-12, as OpenAPI 3.1 uses) of a zod schema, without the `$schema` marker. */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Fastify `:name` path parameters to OpenAPI `{name}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(schema: z.ZodType | undefined, location: 'query' | 'path' | 'header'): unknown[] {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(json.required) ? (json.required as string[]) : []);
  return Object.entries(properties).map(([name, propertySchema]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: propertySchema,
    ...(typeof propertySchema.description === 'string' ? { description: propertySchema.description } : {}),
  }));
}

const BINARY = { type: 'string', contentMediaType: 'application/octet-stream' };

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

/** The `multipart/form-data` request body: one property per part, with each part's own content type. */
function multipartRequestBody(body: MultipartBody): Record<string, unknown> {
  const properties: Record<string, JsonSchema> = {};
  const encoding: Record<string, { contentType: string }> = {};
  for (const part of body.parts) {
    if (part.kind === 'json') {
      properties[part.name] = { ...toJsonSchema(part.schema, 'input'), description: part.description };
      encoding[part.name] = { contentType: 'application/json' };
    } else if (part.kind === 'text') {
      properties[part.name] = { type: 'string', maxLength: part.maxLength, description: part.description };
      encoding[part.name] = { contentType: 'text/plain' };
    } else {
      properties[part.name] = {
        type: 'array',
        items: BINARY,
        ...(part.required ? { minItems: 1 } : {}),
        maxItems: part.maxCount,
        description: part.description,
      };
      encoding[part.name] = { contentType: part.contentTypes.join(', ') };
    }
  }
  const required = body.parts.filter((part) => part.required).map((part) => part.name);
  return {
    required: true,
    content: {
      'multipart/form-data': { schema: { type: 'object', properties, required }, encoding },
    },
  };
}

function operation(route: AnyRouteDefinition): Record<string, unknown> {
  const status = String(route.status ?? 200);
  const successContentType =
    route.produces === 'html'
      ? 'text/html'
      : route.produces === 'event-stream'
        ? 'text/event-stream'
        : 'application/json';
  const success =
    status === '204'
      ? { description: 'No content' }
      : route.produces === 'binary'
        ? {
            description: 'Success',
            content: Object.fromEntries(
              (route.binaryContentTypes ?? ['application/octet-stream']).map((type) => [
                type,
                { schema: BINARY },
              ]),
            ),
          }
        : {
            description: 'Success',
            content: { [successContentType]: { schema: toJsonSchema(route.response, 'output') } },
          };
  const params = [
    ...parameters(route.params, 'path'),
    ...parameters(route.query, 'query'),
    ...parameters(route.headers, 'header'),
  ];
  return {
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    operationId: route.operationId,
    ...(route.tags ? { tags: route.tags } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(route.auth ? { security: [{ bearerAuth: [] }] } : {}),
    ...(route.security ? { security: [{ [route.security]: [] }] } : {}),
    ...(route.rawBody
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(route.rawBody.contentTypes.map((type) => [type, { schema: BINARY }])),
          },
        }
      : {}),
    ...(route.multipart ? { requestBody: multipartRequestBody(route.multipart) } : {}),
    ...(route.body && !route.rawBody
      ? {
          requestBody: {
            required: !route.body.safeParse(undefined).success,
            content: { 'application/json': { schema: toJsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [status]: success,
      '4XX': errorResponse('Client error: {code, message} in the request language'),
      '5XX': errorResponse('Server error: {code, message} in the request language'),
    },
  };
}

/** Builds the OpenAPI 3.1 document of the given routes (hidden ones left out). */
export function buildOpenApiDocument(
  routes: readonly AnyRouteDefinition[],
  info: OpenApiDocument['info'],
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    if (route.hidden) continue;
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      schemas: { ErrorResponse: toJsonSchema(errorResponseSchema, 'output') },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Access token; GET requests also accept it in the GATEWAY cookie.',
        },
        partnerApiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'qk_...',
          description: "A company's partner API key (shown once when created in the portal).",
        },
        embedSession: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'qs_...',
          description: 'An embed session from exchangeEmbedToken (30 minutes).',
        },
      },
    },
  };
}
