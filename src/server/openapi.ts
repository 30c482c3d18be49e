import { z } from 'zod';
import type { RouteSpec } from '../../events/route';
import { SESSION_COOKIE } from '../../modules/accounts';
import { EXTENSION_VERSION } from '../../modules/devices/contracts';

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const CALLERS: Record<RouteSpec['caller'], string> = {
  anyone: 'Anyone, visitors included.',
  user: 'A signed-in user (401 otherwise).',
  'web-user': 'A signed-in user on the website itself, never an extension device (401/403 otherwise).',
  admin: 'The admin (401 for a visitor, 403 for anyone else).',
};

function parameters(spec: RouteSpec): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', spec.params],
    ['query', spec.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties))
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
  }
  return out;
}

/**
 * The OpenAPI 3.1 document of every declared route, made from the same declarations the
 * endpoints are (so it cannot drift): paths, params, query and body schemas, who may call.
 * Replies are TypeScript types, not schemas, so they are named only as JSON.
 */
export function openApiDocument(routes: readonly RouteSpec[], serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const spec of routes) {
    const operation: JsonSchema = {
      summary: spec.summary,
      description: `${CALLERS[spec.caller]}${spec.device ? ` A connected extension device may call it with its token, and so may a personal access token${spec.method === 'GET' ? '' : ' of scope read-write or publish'}.` : ''}`,
      parameters: parameters(spec),
      responses: {
        '200': { description: 'OK', content: { 'application/json': {} } },
        '400': { description: 'The request is invalid: `{ error, issues: [{ path, message, code, limit? }] }`; nothing changed.' },
      },
      security: [...(spec.caller === 'anyone' ? [{}] : []), { session: [] }, ...(spec.device ? [{ device: [] }, { token: [] }] : [])],
    };
    if (spec.body) operation.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(spec.body) } } };
    (paths[spec.path] ??= {})[spec.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Promptory API', version: EXTENSION_VERSION },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The website session (writes need a same-origin Origin).' },
        device: { type: 'http', scheme: 'bearer', description: 'A connected extension device token.' },
        token: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal access token (`pat_…`, made under Access tokens on the dashboard): the routes a device may call; a `read` token their GETs only (docs/api.md).',
        },
      },
    },
    paths,
  };
}
