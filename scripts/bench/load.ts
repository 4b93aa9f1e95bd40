import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';

/** What one load run measured. rps: mean requests per second; latencies in ms. */
export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Requests that failed: connection errors and timeouts (autocannon counts a timeout as an error too). */
  errors: number;
  /** Of `errors`, requests unanswered within autocannon's 10 s. */
  timeouts: number;
  /** Answers with a status outside 2xx. */
  non2xx: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
}

/** One request of a load run. */
export interface LoadRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sees the answer's status and headers (a header sent twice comes as an array), e.g. to keep a cookie jar. */
  onResponse?: (status: number, headers: Record<string, string | string[]>) => void;
}

/**
 * The benchmarks' load generator: autocannon against `url` for `seconds` with `connections`, each request the one
 * `next()` gives (so a run can rotate over paths, users and methods).
 */
export async function loadRequests({
  url,
  connections,
  seconds,
  next,
}: {
  url: string;
  connections: number;
  seconds: number;
  next: () => LoadRequest;
}): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const { method, path, headers, body, onResponse } = next();
          return {
            ...request,
            method,
            path,
            ...(headers ? { headers } : {}),
            ...(body !== undefined ? { body } : {}),
            ...(onResponse
              ? {
                  onResponse: (status: number, _body: string, _context: object, answered?: IncomingHttpHeaders) =>
                    onResponse(status, (answered ?? {}) as Record<string, string | string[]>),
                }
              : {}),
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, (stats as { count: number }).count]),
    ),
  };
}

/** {@link loadRequests} where every request is a GET of the path `nextPath()` gives, with the same `headers`. */
export function loadPaths({
  url,
  connections,
  seconds,
  nextPath,
  headers,
}: {
  url: string;
  connections: number;
  seconds: number;
  nextPath: () => string;
  headers?: Record<string, string>;
}): Promise<LoadFigures> {
  return loadRequests({ url, connections, seconds, next: () => ({ method: 'GET', path: nextPath(), headers }) });
}
