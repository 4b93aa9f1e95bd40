/** The lighthouse bench's figures: the shapes of a page, a run and its results, their medians and the table row. */

/** Targets of one page: score 0..1, times in ms, CLS unitless; an absent target is not judged. */
export interface Targets {
  performance: number;
  fcpMs?: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's SEO score, 0..1: judged on the pages search engines are meant to index. */
  seo?: number;
}

/** One measured page: the label printed, the path opened, whether the age gate is confirmed first, its targets. */
export interface PageSpec {
  label: string;
  path: string;
  returning: boolean;
  targets: Targets;
}

/** The figures of one Lighthouse run (or the per-figure medians of several). Scores 0..1, times in ms. */
export interface Figures {
  performance: number;
  accessibility: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's CPU benchmark of this machine (higher is faster); the 4x slowdown is simulated on top of it. */
  benchmarkIndex: number;
}

/** One script of the network-requests audit: its URL and bytes transferred (headers and compressed body). */
export interface ScriptRequest {
  url: string;
  transferSize: number;
}

/** A run's figures plus the scripts it loaded and Lighthouse's warnings about it. */
export interface RunResult {
  figures: Figures;
  /** The browser's product and version, e.g. HeadlessChrome/156.0.8078.108. */
  browserVersion: string;
  scripts: ScriptRequest[];
  warnings: string[];
}

/**
 * A run Lighthouse completed but could not measure: its runtime error code (e.g. NO_FCP) and message, and the scripts of
 * the network log Lighthouse kept of the failed load (null when it kept none).
 */
export interface RunFailure {
  code: string;
  message: string;
  scripts: ScriptRequest[] | null;
  browserVersion: string;
}

/** Everything measured on one page: per-figure medians of the finished runs (null when none finished). */
export interface PageResult {
  medians: Figures | null;
  runs: RunResult[];
  failures: RunFailure[];
}

/** A request as the network-requests audit lists it, or as Lighthouse's NetworkRecorder rebuilds it from a log. */
export interface NetworkItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
}

/** The script requests (resource type Script) among network requests, with their transferred bytes. */
export function scriptsOf(items: readonly NetworkItem[]): ScriptRequest[] {
  return items
    .filter((item) => item.resourceType === 'Script' && typeof item.url === 'string')
    .map((item) => ({ url: item.url as string, transferSize: item.transferSize ?? 0 }));
}

/** Median of a non-empty list (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Per-figure medians over runs (each figure on its own, so the result may mix runs). */
export function medianFigures(runs: readonly Figures[]): Figures {
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    seo: of('seo'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    benchmarkIndex: of('benchmarkIndex'),
  };
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** `figure (target)`, with MISS appended when `met` is false; the figure alone when there is no target. */
export function cell(figure: string, target: string | null, met: boolean): string {
  if (target === null) return figure;
  return `${figure} (${target})${met ? '' : ' MISS'}`;
}

/**
 * One table row: median figures of a page against its targets. When no run finished, every figure cell shows the
 * runtime error codes instead (e.g. `NO_FCP MISS`).
 */
export function row(spec: PageSpec, result: PageResult): string {
  const f = result.medians;
  if (f === null) {
    const codes = [...new Set(result.failures.map((failure) => failure.code))].join(', ');
    return [spec.label, ...Array<string>(5).fill(`${codes} MISS`), 'n/a', 'n/a'].join(' | ');
  }
  const t = spec.targets;
  const seconds = (ms: number) => `${fmt(ms / 1000, 2)} s`;
  return [
    spec.label,
    cell(fmt(f.performance, 2), `>= ${fmt(t.performance, 2)}`, f.performance >= t.performance),
    cell(
      seconds(f.fcpMs),
      t.fcpMs === undefined ? null : `<= ${fmt(t.fcpMs / 1000, 1)} s`,
      t.fcpMs === undefined || f.fcpMs <= t.fcpMs,
    ),
    cell(seconds(f.lcpMs), `<= ${fmt(t.lcpMs / 1000, 1)} s`, f.lcpMs <= t.lcpMs),
    cell(`${fmt(f.tbtMs)} ms`, `<= ${t.tbtMs} ms`, f.tbtMs <= t.tbtMs),
    cell(fmt(f.cls, 3), `<= ${fmt(t.cls, 2)}`, f.cls <= t.cls),
    fmt(f.accessibility, 2),
    cell(fmt(f.seo, 2), t.seo === undefined ? null : `>= ${fmt(t.seo, 2)}`, t.seo === undefined || f.seo >= t.seo),
  ].join(' | ');
}
