/**
 * Requests timed one by one over keep-alive sockets: latency samples for the scale bench, and an open-loop load at a
 * steady offered rate (autocannon's own rate limit sends each second's quota in a burst at the start of the second).
 */
import http from 'node:http';
import type { LoadRequest } from './load';

/** What a paced or sampled run measured: latencies in ms over every request, and the answers outside 2xx or failed. */
export interface PacedFigures {
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  /** Requests per second answered. */
  rps: number;
  failed: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Sends `request` to `url` over `agent`; resolves with the status and headers once the whole body has arrived. */
export function sendTimed(url: string, agent: http.Agent, request: LoadRequest) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve) => {
    const req = http.request(url + request.path, { method: request.method, agent, headers: request.headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      res.on('error', () => resolve({ status: 0, headers: {} }));
    });
    req.on('error', () => resolve({ status: 0, headers: {} }));
    req.end(request.body);
  });
}

function figures(times: number[], failed: number, seconds: number): PacedFigures {
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    requests: times.length,
    rps: times.length / seconds,
    failed,
  };
}

const keep = (onResponse: LoadRequest['onResponse'], answer: { status: number; headers: http.IncomingHttpHeaders }) =>
  onResponse?.(answer.status, answer.headers as Record<string, string | string[]>);

/**
 * Closed loop: `inFlight` workers each send `next()`'s request as soon as the last is answered, for `seconds`.
 * @returns every request's latency, from sending to the last byte
 */
export async function sampleLatency({
  url,
  inFlight,
  seconds,
  next,
}: {
  url: string;
  inFlight: number;
  seconds: number;
  next: () => LoadRequest;
}): Promise<PacedFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const times: number[] = [];
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const request = next();
      const started = performance.now();
      const answer = await sendTimed(url, agent, request);
      times.push(performance.now() - started);
      keep(request.onResponse, answer);
      if (answer.status < 200 || answer.status >= 300) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  agent.destroy();
  return figures(times, failed, seconds);
}

/**
 * Open loop: `rate` requests a second, evenly spaced, over up to `connections` keep-alive sockets, for `seconds`. Each
 * latency runs from the request's scheduled time, so a stalled server counts the wait it causes (no coordinated omission).
 * @returns latencies in ms; `rps` is the answered rate
 */
export async function pacedRequests({
  url,
  rate,
  connections,
  seconds,
  next,
}: {
  url: string;
  rate: number;
  connections: number;
  seconds: number;
  next: () => LoadRequest;
}): Promise<PacedFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  for (let i = 0; i < total; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = next();
    pending.push(
      sendTimed(url, agent, request).then((answer) => {
        times.push(performance.now() - due);
        keep(request.onResponse, answer);
        if (answer.status < 200 || answer.status >= 300) failed += 1;
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return figures(times, failed, (performance.now() - start) / 1000);
}
