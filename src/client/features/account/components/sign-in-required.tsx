import { LogInIcon, UserRoundIcon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { openSignInDialog } from '@/client/lib/sign-in-store';

/**
 * What a signed-in-only page shows to an anonymous visitor: an explanation and a 'Sign in' button that opens the sign-in
 * dialog (the page itself appears once the session arrives). The title is the page's h1.
 */
export function SignInRequired({ title, description }: { title: string; description: string }) {
  return (
    <section
      aria-labelledby="sign-in-required-title"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-3xl border border-border bg-[radial-gradient(ellipse_at_top,rgb(230_168_79/0.14),transparent_60%)] bg-surface px-6 py-12 text-center shadow-card"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
        <UserRoundIcon aria-hidden="true" className="size-7" />
      </span>
      <h1 id="sign-in-required-title" className="font-display text-2xl font-semibold tracking-[-0.01em]">
        {title}
      </h1>
      <p className="text-sm text-muted">{description}</p>
      <Button size="lg" onClick={() => openSignInDialog('prompt')} className="mt-2 min-w-40">
        <LogInIcon aria-hidden="true" />
        Sign in
      </Button>
    </section>
  );
}
