import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The API of the jsdom tests: msw answers the app's `fetch` calls (same-origin `/api/...` paths, resolved against jsdom's
 * `http://localhost:3000/`). vitest.setup.ts starts it in jsdom test files with `onUnhandledRequest: 'error'` (a request
 * no handler answers fails the test) and resets the handlers after each test; a test adds its own with `server.use(...)`,
 * usually built from src/client/test/handlers.ts.
 */
export const server = setupServer();

/** One request the app made. `body` is the parsed JSON body (the raw text when it is not JSON; null when empty). */
export interface RecordedRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

/** Reads a request as a {@link RecordedRequest} (from a clone: the handlers can still read the body). */
export async function toRecordedRequest(request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  return { method: request.method.toUpperCase(), path: url.pathname, url, body };
}

/** The requests recorded by {@link recordRequests}, and a filter over them. */
export interface RequestLog {
  requests: RecordedRequest[];
  /** The requests whose "METHOD path" starts with `prefix`, e.g. 'PUT /api/me/favorites'. */
  calls: (prefix: string) => RecordedRequest[];
}

/**
 * A handler that records every request and answers none (msw goes on to the next handler): put it first in
 * `server.use(...)`. Recording in a handler, not with `server.events`, means the body is read before the app gets its
 * answer, so a test that awaited the answer sees the request.
 */
export function recordingHandler(requests: RecordedRequest[]): HttpHandler {
  return http.all('*', async ({ request }) => {
    requests.push(await toRecordedRequest(request));
    return undefined;
  });
}

/** A test's own answer to a request: a Response, or undefined to let the next handler answer; throwing = no answer. */
export type RequestOverride = (request: RecordedRequest) => Response | Promise<Response> | undefined;

/**
 * The handlers of a test's `override` (none without one): it sees every request first; a Response it returns is the
 * answer, undefined passes the request on, and an override that throws stands for a request that never got an answer
 * (offline, DNS).
 */
export function overrideHandlers(override: RequestOverride | undefined): HttpHandler[] {
  if (!override) return [];
  return [
    http.all('*', async ({ request }) => {
      const recorded = await toRecordedRequest(request);
      try {
        return (await override(recorded)) ?? undefined;
      } catch {
        return HttpResponse.error();
      }
    }),
  ];
}

/** Records the app's requests until the end of the test. */
export function recordRequests(): RequestLog {
  const requests: RecordedRequest[] = [];
  server.use(recordingHandler(requests));
  return {
    requests,
    calls: (prefix) => requests.filter((request) => `${request.method} ${request.path}`.startsWith(prefix)),
  };
}
