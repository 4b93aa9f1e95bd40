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

/**
 * The benchmarks' load generator: autocannon against `url` for `seconds` with `connections`, every request a GET of the
 * path `nextPath()` gives (so a run can rotate over many distinct paths).
 */
export async function loadPaths({
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
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }],
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
