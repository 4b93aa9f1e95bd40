import { useQuery } from '@tanstack/react-query';
import {
  CircleCheckIcon,
  CircleXIcon,
  DatabaseIcon,
  MonitorSmartphoneIcon,
  RefreshCwIcon,
  ServerIcon,
} from 'lucide-react';
import { DevPage, InfoRow } from '@/client/app/shell/dev-page';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';
import { buildInfo } from '@/client/lib/build-info';
import { fetchHealth } from '@/client/app/shell/health-check';
import { useAppEnvironment } from '@/client/lib/use-app-environment';
import { useDebugMode } from '@/client/lib/use-debug-mode';

function formatUptime(seconds: number): string {
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return [d ? `${d}d` : '', h ? `${h}h` : '', m ? `${m}m` : '', `${s % 60}s`].filter(Boolean).join(' ');
}

function YesNo({ value }: { value: boolean }) {
  return <Badge variant={value ? 'accent' : 'outline'}>{value ? 'yes' : 'no'}</Badge>;
}

function PanelSkeleton() {
  return (
    <div className="space-y-3 py-1" aria-hidden="true">
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-4/5" />
      <Skeleton className="h-5 w-3/5" />
      <Skeleton className="h-5 w-2/3" />
    </div>
  );
}

/** /dev/health: the server's GET /api/health report (status, database, version) and what the client knows about itself. */
export function DevHealthPage() {
  const env = useAppEnvironment();
  const debug = useDebugMode();
  const query = useQuery({
    queryKey: ['dev', 'health'],
    queryFn: ({ signal }) => fetchHealth(signal),
    retry: false,
    staleTime: 0,
  });
  const health = query.data?.health;
  const ok = health?.status === 'ok';

  return (
    <DevPage
      title="Health"
      description="Is the server up, can it reach its database, and what does this client think it is running in?"
      actions={
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCwIcon aria-hidden="true" className={query.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      }
    >
      <div
        role="status"
        data-testid="health-status"
        className={
          query.isPending
            ? 'mb-6 flex h-16 items-center gap-3 rounded-xl border border-border bg-surface px-5 text-muted'
            : ok
              ? 'mb-6 flex h-16 items-center gap-3 rounded-xl border border-success/40 bg-success/10 px-5'
              : 'mb-6 flex h-16 items-center gap-3 rounded-xl border border-destructive/50 bg-destructive-soft px-5'
        }
      >
        {query.isPending ? (
          <span>Checking…</span>
        ) : ok ? (
          <>
            <CircleCheckIcon className="size-6 text-success" aria-hidden="true" />
            <span className="font-semibold">All systems go</span>
            <span className="ml-auto text-sm text-muted">HTTP {query.data?.httpStatus}</span>
          </>
        ) : (
          <>
            <CircleXIcon className="size-6 text-danger-text" aria-hidden="true" />
            <span className="font-semibold">
              {health ? `Server reports '${health.status}'` : (query.error?.message ?? 'Health check failed')}
            </span>
            {query.data ? <span className="ml-auto text-sm text-muted">HTTP {query.data.httpStatus}</span> : null}
          </>
        )}
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild className="flex items-center gap-2 text-base">
              <h2>
                <ServerIcon className="size-4 text-accent" aria-hidden="true" />
                Server
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="pt-2">
            {query.isPending ? (
              <PanelSkeleton />
            ) : (
              <dl className="divide-y divide-border">
                <InfoRow label="Status">{health?.status ?? 'unreachable'}</InfoRow>
                <InfoRow label="Version">{health?.version ?? '—'}</InfoRow>
                <InfoRow label="Uptime">{health ? formatUptime(health.uptimeSeconds) : '—'}</InfoRow>
                <InfoRow label="Round trip">{query.data ? `${query.data.roundTripMs} ms` : '—'}</InfoRow>
              </dl>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild className="flex items-center gap-2 text-base">
              <h2>
                <DatabaseIcon className="size-4 text-accent" aria-hidden="true" />
                Database
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="pt-2">
            {query.isPending ? (
              <PanelSkeleton />
            ) : (
              <dl className="divide-y divide-border">
                <InfoRow label="Reachable">{health ? <YesNo value={health.database.reachable} /> : '—'}</InfoRow>
                <InfoRow label="Dialect">{health?.database.dialect ?? '—'}</InfoRow>
                <InfoRow label="Latency">
                  {health?.database.latencyMs === null || health === undefined
                    ? '—'
                    : `${health.database.latencyMs} ms`}
                </InfoRow>
              </dl>
            )}
          </CardContent>
        </Card>
        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle asChild className="flex items-center gap-2 text-base">
              <h2>
                <MonitorSmartphoneIcon className="size-4 text-accent" aria-hidden="true" />
                Client
              </h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="pt-2">
            <dl className="grid divide-y divide-border md:grid-cols-2 md:gap-x-8 md:divide-y-0">
              <InfoRow label="App environment">{env.platform}</InfoRow>
              <InfoRow label="Wrapper">{env.wrapper}</InfoRow>
              <InfoRow label="Native app">
                <YesNo value={env.isNativeApp} />
              </InfoRow>
              <InfoRow label="Toast device">
                <YesNo value={env.isToast} />
              </InfoRow>
              <InfoRow label="Debug mode">
                <YesNo value={debug} />
              </InfoRow>
              <InfoRow label="Build mode">{buildInfo.mode}</InfoRow>
              <InfoRow label="Client version">{buildInfo.version}</InfoRow>
              <InfoRow label="Viewport">{`${window.innerWidth} × ${window.innerHeight}`}</InfoRow>
            </dl>
          </CardContent>
        </Card>
      </div>
    </DevPage>
  );
}
