/** The route table's published contract: the OpenAPI document and its reference page (Swagger UI) with its files. */
import type { RouteSpec } from './types';
import { app } from './shared';

export const OPENAPI_ROUTES: readonly RouteSpec[] = [
  app({ id: 'GET /api/openapi.json', method: 'GET', path: '/api/openapi.json', caller: 'anyone', weight: 0.5 }),
  app({ id: 'GET /api/docs', method: 'GET', path: '/api/docs', caller: 'anyone', weight: 0.3 }),
  app({
    // The reference's own start script (the small one of its three files; the others are swagger-ui-dist's).
    id: 'GET /api/docs/:asset',
    method: 'GET',
    path: '/api/docs/:asset',
    caller: 'anyone',
    weight: 0.3,
    params: { asset: { valid: () => 'init.js' } },
  }),
];
