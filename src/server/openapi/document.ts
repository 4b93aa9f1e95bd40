import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { apiErrorBodySchema } from '@/shared/schemas/api-error';
import { API_OPERATIONS, API_TAGS, type ApiAccess, type ApiOperation } from './operations';

/** What each access level asks of a caller, as the document's operations say it. */
const ACCESS_TEXT: Record<ApiAccess, string> = {
  public: 'Anyone.',
  session: 'A signed-in session (cookie, or `Authorization: Bearer` with a token from GET /api/auth/token).',
  pro: 'A signed-in session with the pro entitlement (Individual/Pro or Enterprise); 403 ENTITLEMENT_REQUIRED without.',
  venue: 'A member of the venue; its role (owner, manager, staff) decides the writes.',
  peer: "RevenueCat, with the webhook's shared secret in Authorization.",
  dev: 'Development and test runs only, from this machine.',
};

/** The error answers every operation may give, with the one error body. */
const ERROR_STATUSES = ['400', '401', '403', '404', '409', '413', '429', '503'] as const;

/** `/api/cocktails/:id` -> `/api/cocktails/{id}` (OpenAPI's path template). */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}

function operationObject(operation: ApiOperation): ZodOpenApiOperationObject {
  const status = String(operation.status ?? 200);
  const success =
    operation.status === 204 || operation.status === 302
      ? { description: operation.status === 204 ? 'No content' : 'A redirect' }
      : operation.response
        ? { description: 'OK', content: { 'application/json': { schema: operation.response } } }
        : operation.produces
          ? { description: 'OK', content: { [operation.produces]: {} } }
          : { description: 'OK (a JSON body better-auth defines)' };
  const errors = Object.fromEntries(
    ERROR_STATUSES.map((code) => [
      code,
      { description: 'An error', content: { 'application/json': { schema: apiErrorBodySchema } } },
    ]),
  );
  const requestBody = operation.body
    ? { required: true, content: { 'application/json': { schema: operation.body } } }
    : operation.upload
      ? {
          required: true,
          content:
            operation.upload === 'image'
              ? { 'image/jpeg': {}, 'image/png': {}, 'image/webp': {} }
              : { 'application/octet-stream': {} },
        }
      : undefined;
  const choices = Object.entries(operation.pathChoices ?? {}).map(([name, values]) => [name, z.enum(values)] as const);
  const path = choices.length
    ? (operation.params ?? z.object({})).extend(Object.fromEntries(choices))
    : operation.params;
  const requestParams =
    path || operation.query
      ? { ...(path ? { path } : {}), ...(operation.query ? { query: operation.query } : {}) }
      : undefined;
  return {
    tags: [operation.tag],
    summary: operation.summary,
    description: `Who may call it: ${ACCESS_TEXT[operation.access]}`,
    operationId: `${operation.method.toLowerCase()} ${operation.path}`,
    ...(requestParams ? { requestParams } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { [status]: success, ...errors },
  };
}

/**
 * The OpenAPI 3.1 document of the API, built by zod-openapi from the shared zod schemas that the routes validate with
 * (see {@link API_OPERATIONS}); `version` is the app's version. How to read it: docs/api.md.
 */
export function buildOpenApiDocument(version: string): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of API_OPERATIONS) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: operationObject(operation) };
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Barback API',
        version,
        description:
          'The HTTP API of Barback, the cocktail companion. Errors answer `{"error": {"code", "message"}}`; writes need ' +
          'an Origin the server trusts. See docs/api.md.',
      },
      tags: API_TAGS.map((name) => ({ name })),
      paths,
    },
    // A schema used by several operations goes once into components (the document is a tenth of the inlined size).
    { reused: 'ref' },
  );
}
