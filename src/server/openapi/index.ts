/** The published API contract: the OpenAPI document built from the shared schemas, and its reference page. */
export { openApiRoutes } from './routes';
export { buildOpenApiDocument, openApiPath } from './document';
export { API_OPERATIONS, type ApiOperation } from './operations';
