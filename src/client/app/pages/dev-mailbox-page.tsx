import { InboxIcon, MailIcon, RefreshCwIcon } from 'lucide-react';
import { Fragment, useState, type ReactNode } from 'react';
import { DevPage } from '@/client/app/shell/dev-page';
import { NotFoundView } from '@/client/app/shell/not-found-view';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { useMailbox, type OutboxMessage } from '@/client/features/auth/api/dev-tools';
import { cn } from '@/client/lib/utils';

/** http(s) links in a text part, split out so they can be drawn as links. */
const LINK_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/**
 * Splits a mail's text part into plain text and clickable links (only http and https URLs become links; the rest stays
 * text, so nothing in a message can run script).
 */
export function linkify(text: string): ReactNode[] {
  return text.split(LINK_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} className="break-all text-accent underline underline-offset-2">
        {part}
      </a>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
}

function MessageItem({ message, open, onToggle }: { message: OutboxMessage; open: boolean; onToggle: () => void }) {
  const bodyId = `mail-${message.id}`;
  return (
    <li className="rounded-xl border border-border bg-surface">
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={bodyId}
        className="flex w-full items-start gap-3 rounded-xl px-4 py-3 text-left transition-colors hover:bg-surface-2"
      >
        <MailIcon className={cn('mt-0.5 size-4 shrink-0', open ? 'text-accent' : 'text-muted')} aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{message.subject}</span>
          <span className="block truncate text-sm text-muted">To {message.to}</span>
        </span>
        <time dateTime={message.createdAt} className="shrink-0 text-xs text-muted">
          {formatTime(message.createdAt)}
        </time>
      </button>
      {open ? (
        <div id={bodyId} className="border-t border-border px-4 py-4">
          <pre className="font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-foreground">
            {linkify(message.text)}
          </pre>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The page of `/dev/mailbox`: the development outbox (GET /api/dev/mailbox), so a fresh machine can sign in with no
 * mail server. Newest first, polled every few seconds; each message opens to its text with clickable links. The server
 * answers 404 outside development/debug mode, and so does this page.
 */
export function DevMailboxPage() {
  const mailbox = useMailbox();
  const [openId, setOpenId] = useState<string | number | null>(null);
  if ((mailbox.error as { status?: number } | null)?.status === 404) return <NotFoundView />;
  const messages = mailbox.data?.messages ?? [];

  return (
    <DevPage
      title="Mailbox"
      description="Mail the server would have sent, kept here while no SMTP server is configured (development only)."
      actions={
        <Button variant="secondary" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
          <RefreshCwIcon aria-hidden="true" className={mailbox.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      }
    >
      {mailbox.isPending ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          <Skeleton className="h-16 w-full rounded-xl" />
          <Skeleton className="h-16 w-full rounded-xl" />
        </div>
      ) : mailbox.isError && !mailbox.data ? (
        <p
          role="alert"
          className="rounded-xl border border-destructive/50 bg-destructive-soft px-5 py-4 text-sm text-danger-text"
        >
          The mailbox could not be loaded: {mailbox.error.message}
        </p>
      ) : messages.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-border px-6 py-14 text-center">
          <InboxIcon className="size-8 text-muted" aria-hidden="true" />
          <p className="mt-3 font-medium">No mail yet</p>
          <p className="mt-1 text-sm text-muted">Ask for a sign-in link and it shows up here within a few seconds.</p>
        </div>
      ) : (
        <>
          <p role="status" className="mb-3 text-sm text-muted">
            {messages.length === 1 ? '1 message' : `${messages.length} messages`}
          </p>
          <ul className="flex flex-col gap-2" aria-label="Messages">
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                open={openId === message.id}
                onToggle={() => setOpenId(openId === message.id ? null : message.id)}
              />
            ))}
          </ul>
        </>
      )}
    </DevPage>
  );
}
