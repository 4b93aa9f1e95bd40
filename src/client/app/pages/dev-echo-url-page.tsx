import { LinkIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { DevPage, InfoRow } from '@/client/app/shell/dev-page';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { echoUrl } from '@/client/lib/echo-url';

/** /dev/echo-url: paste a URL (a deep link, a sign-in callback) and see how it parses. */
export function DevEchoUrlPage() {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState(() => window.location.href);
  const [result, setResult] = useState<ReturnType<typeof echoUrl> | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(echoUrl(value));
  };
  const error = result && !result.ok ? result.error : null;

  return (
    <DevPage title="Echo URL" description="Paste a link to see its protocol, host, path, query parameters and hash.">
      <form onSubmit={submit} noValidate className="rounded-xl border border-border bg-surface p-4 md:p-5">
        <Label htmlFor={inputId}>URL to test</Label>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <Input
            id={inputId}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://barback.app/discover?q=negroni#top"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="font-mono"
          />
          <Button type="submit" className="sm:w-32">
            <LinkIcon aria-hidden="true" />
            Test URL
          </Button>
        </div>
        {error ? (
          <p id={errorId} role="alert" data-testid="echo-error" className="mt-2 text-sm text-danger-text">
            {error}
          </p>
        ) : null}
      </form>

      {result?.ok ? (
        <Card className="mt-6" data-testid="echo-result">
          <CardHeader>
            <CardTitle asChild className="text-base">
              <h2>Parsed URL</h2>
            </CardTitle>
            <p className="font-mono text-sm break-all text-muted">{result.url.href}</p>
          </CardHeader>
          <CardContent>
            <dl className="divide-y divide-border">
              <InfoRow label="Protocol">{result.url.protocol}</InfoRow>
              <InfoRow label="Host">{result.url.host || '—'}</InfoRow>
              <InfoRow label="Path">{result.url.path}</InfoRow>
              <InfoRow label="Hash">{result.url.hash || '—'}</InfoRow>
            </dl>
            <h3 className="mt-6 text-sm font-semibold">Query parameters ({result.url.params.length})</h3>
            {result.url.params.length === 0 ? (
              <p className="mt-2 text-sm text-muted">No query parameters.</p>
            ) : (
              <table className="mt-2 w-full table-fixed text-left text-sm">
                <thead className="text-xs text-muted uppercase">
                  <tr>
                    <th scope="col" className="w-1/3 py-2 font-medium">
                      Name
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Value
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border font-mono">
                  {result.url.params.map(([name, paramValue], index) => (
                    <tr key={`${name}-${index}`}>
                      <td className="py-2 pr-3 break-all text-accent">{name}</td>
                      <td className="py-2 break-all">
                        {paramValue === '' ? <span className="text-muted">(empty)</span> : paramValue}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </CardContent>
        </Card>
      ) : null}
    </DevPage>
  );
}
