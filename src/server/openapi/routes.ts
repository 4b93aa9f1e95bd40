import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import { buildOpenApiDocument } from './document';

/** swagger-ui-dist's files the reference page loads, by the name it asks for; `init.js` is ours. */
const SWAGGER_ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

/** Starts Swagger UI on the document; a file of its own, since the CSP allows no inline script. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, tryItOutEnabled: false });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Barback API reference</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="reference"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

/** The folder of the installed swagger-ui-dist package. */
function swaggerDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/**
 * The published contract (mounted at /api): `GET /openapi.json` -> the OpenAPI 3.1 document (built once per process
 * from the shared schemas); `GET /docs` -> an interactive reference of it (Swagger UI, served from this origin under the
 * app's CSP: no inline script, no other host); `GET /docs/:asset` -> the reference's script and style sheet.
 */
export function openApiRoutes(deps: { version: string }): Hono {
  const routes = new Hono();
  let documentText: string | null = null;
  const assets = new Map<string, Buffer>();
  const cacheHeaders = { 'Cache-Control': 'public, max-age=3600' };

  routes.get('/openapi.json', (c) => {
    documentText ??= JSON.stringify(buildOpenApiDocument(deps.version));
    return c.body(documentText, 200, { 'Content-Type': 'application/json; charset=utf-8', ...cacheHeaders });
  });
  routes.get('/docs', (c) => c.html(PAGE, 200, cacheHeaders));
  routes.get('/docs/:asset{(swagger-ui\\.css|swagger-ui-bundle\\.js|init\\.js)}', (c) => {
    const name = c.req.param('asset');
    if (name === 'init.js')
      return c.body(INIT_SCRIPT, 200, { 'Content-Type': SWAGGER_ASSETS['swagger-ui-bundle.js'], ...cacheHeaders });
    const type = SWAGGER_ASSETS[name as keyof typeof SWAGGER_ASSETS];
    let bytes = assets.get(name);
    if (!bytes) {
      bytes = readFileSync(path.join(swaggerDir(), name));
      assets.set(name, bytes);
    }
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': type, ...cacheHeaders });
  });
  return routes;
}
