import { buildInfo } from '@/client/lib/build-info';

/** The build banner (feature flag buildBanner, off by default): a thin strip naming the channel, version and build. */
export function BuildBanner() {
  return (
    <p
      data-testid="build-banner"
      className="border-b border-border bg-surface-2 px-4 py-1 text-center font-mono text-xs text-muted print:hidden"
    >
      {buildInfo.channel} · v{buildInfo.version} · {buildInfo.build}
      {buildInfo.commit ? ` · ${buildInfo.commit}` : ''}
    </p>
  );
}
