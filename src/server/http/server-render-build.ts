import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { SERVER_RENDER_DIR, SERVER_RENDER_FILE } from '@/shared/first-paint';
import type { Database } from '../db/types';
import type { Logger } from '../logger';

/**
 * The build's request-time renderer (dist/ssr/server-render.js, the Node build of src/client/server-render.tsx) and one
 * of the client build's page templates, as the pages rendered per request use them (the public menu, a recipe deep
 * link). Each file is read once and again when its modification time changes, so a new build is picked up without a
 * restart; the server never imports client sources (lint).
 */

/**
 * What a page rendered per request needs: the database, the client build's folder (dist/client; the server-render
 * build sits beside it in dist/ssr) and where to report a render that failed.
 */
export interface ServerRenderedPageOptions {
  db: Kysely<Database>;
  clientDir: string;
  logger?: Logger;
}

/** A file read once and read again when its modification time changes. */
interface Loaded<T> {
  mtimeMs: number;
  value: T;
}

/** What {@link serverRenderBuild}'s loader returns: the template's text and the renderer module's exports. */
export interface ServerRenderBuild {
  template: string;
  module: Record<string, unknown>;
}

/**
 * A loader of the current build's renderer and of `templatePath` (relative to `clientDir`, the client build; the
 * renderer sits beside it in dist/ssr).
 * @returns a function answering the build, or null when either file is missing (no build yet).
 * @throws (from the returned function) when the renderer module cannot be imported.
 */
export function serverRenderBuild(clientDir: string, templatePath: string): () => Promise<ServerRenderBuild | null> {
  const templateFile = path.join(clientDir, templatePath);
  const moduleFile = path.join(clientDir, '..', SERVER_RENDER_DIR, SERVER_RENDER_FILE);
  let template: Loaded<string> | null = null;
  let module: Loaded<Record<string, unknown>> | null = null;

  return async function load() {
    let templateInfo;
    let moduleInfo;
    try {
      [templateInfo, moduleInfo] = await Promise.all([stat(templateFile), stat(moduleFile)]);
    } catch {
      return null;
    }
    if (!template || template.mtimeMs !== templateInfo.mtimeMs) {
      template = { mtimeMs: templateInfo.mtimeMs, value: await readFile(templateFile, 'utf8') };
    }
    if (!module || module.mtimeMs !== moduleInfo.mtimeMs) {
      // A new build gets a new URL (the query), so Node's module cache does not hand back the old one.
      const url = `${pathToFileURL(moduleFile).href}?v=${Math.floor(moduleInfo.mtimeMs)}`;
      module = { mtimeMs: moduleInfo.mtimeMs, value: (await import(url)) as Record<string, unknown> };
    }
    return { template: template.value, module: module.value };
  };
}

/**
 * The JSON of `value` safe inside a `<script type="application/json">`: `<` escaped (no `</script>` or `<!--` can end
 * or change the block), and the line separators U+2028 and U+2029 escaped as well.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
