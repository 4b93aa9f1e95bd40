import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/client/lib/utils';

/** The backdrop's look (without its entrance and exit animations). */
const OVERLAY_CLASS = 'fixed inset-0 z-50 bg-black/85 md:bg-black/70 md:backdrop-blur-sm';
/**
 * The panel's look (without its animations). Phones: a bottom sheet that leaves the top 7 rem free, so toasts (top
 * centre) never cover it. From 640 px: a centred panel. Joined, not merged with cn(): the two parts never conflict, and
 * a cn() call when the module loads would build tailwind-merge's class map there (about 10 ms), inside the module's
 * evaluation on a deep link.
 */
const PANEL_CLASS = [
  'fixed inset-x-0 bottom-0 z-50 mx-auto grid max-h-[calc(100dvh-7rem)] max-w-lg gap-4 overflow-y-auto rounded-t-2xl border border-b-0 border-border-strong bg-surface p-6 pb-[calc(1.5rem+env(safe-area-inset-bottom,0px))] text-foreground shadow-2xl outline-none',
  'sm:top-1/2 sm:right-auto sm:bottom-auto sm:left-1/2 sm:mx-0 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border-b sm:pb-6',
].join(' ');
/** The backdrop's exit. */
const OVERLAY_EXIT_ANIMATION = 'data-[state=closed]:animate-fade-out';
/** The backdrop's entrance and exit. */
const OVERLAY_ANIMATION = `data-[state=open]:animate-fade-in ${OVERLAY_EXIT_ANIMATION}`;
/** The panel's exit. */
const PANEL_EXIT_ANIMATION = 'data-[state=closed]:animate-pop-out';
/** The panel's entrance and exit. */
const PANEL_ANIMATION = `data-[state=open]:animate-pop-in ${PANEL_EXIT_ANIMATION}`;
/** The top-right close button's look. */
const CLOSE_CLASS =
  'absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface-2 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

/** Root of a modal dialog (Radix Dialog): controls open state (`open`/`onOpenChange` or uncontrolled). */
export function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

/** Element that opens the dialog; use `asChild` to wrap a Button. */
export function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

/** Portals dialog content to document.body. */
export function DialogPortal(props: React.ComponentProps<typeof DialogPrimitive.Portal>) {
  return <DialogPrimitive.Portal data-slot="dialog-portal" {...props} />;
}

/** Element that closes the dialog; use `asChild` to wrap a Button. */
export function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

/** Dimmed, blurred backdrop behind the dialog; `entrance` false: it appears at once instead of fading in. */
export function DialogOverlay({
  className,
  entrance = true,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Overlay> & { entrance?: boolean }) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(OVERLAY_CLASS, entrance ? OVERLAY_ANIMATION : OVERLAY_EXIT_ANIMATION, className)}
      {...props}
    />
  );
}

/**
 * Props of {@link DialogContent}: Radix Content props plus `showCloseButton` (default true), `overlayClassName`,
 * `entrance` (default true: the panel pops in and the backdrop fades in; false: both appear at once, as when the panel
 * was drawn by the server), `inline` (default false: rendered where the dialog is, not portalled to `<body>`, so a
 * dialog the server drew inside the page is hydrated instead of drawn again; nothing on the page may clip it or stack
 * over it) and `closeLink` (the top-right close is a link to `href`, which works before the app's code has run; a click
 * once it has runs `onClose` instead of following the link).
 */
export type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  showCloseButton?: boolean;
  overlayClassName?: string;
  entrance?: boolean;
  inline?: boolean;
  closeLink?: { href: string; onClose: () => void };
};

/**
 * The dialog panel: a bottom sheet on phones (below the toasts' area), a centred panel from 640 px; max 512 px wide
 * (override with className), scrolls when taller than the viewport, focus trapped
 * by Radix. Shows a top-right close button labelled "Close" unless `showCloseButton` is false.
 * Give it a DialogTitle (required by Radix for accessibility) and a DialogDescription or `aria-describedby={undefined}`.
 */
export function DialogContent({
  className,
  children,
  showCloseButton = true,
  overlayClassName,
  entrance = true,
  inline = false,
  closeLink,
  ...props
}: DialogContentProps) {
  const dialog = (
    <>
      <DialogOverlay entrance={entrance} className={overlayClassName} />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(PANEL_CLASS, entrance ? PANEL_ANIMATION : PANEL_EXIT_ANIMATION, className)}
        {...props}
      >
        {children}
        {showCloseButton && closeLink ? (
          <a
            href={closeLink.href}
            data-slot="dialog-close"
            aria-label="Close"
            className={CLOSE_CLASS}
            onClick={(event) => {
              event.preventDefault();
              closeLink.onClose();
            }}
          >
            <XIcon className="size-5" aria-hidden="true" />
          </a>
        ) : showCloseButton ? (
          <DialogPrimitive.Close data-slot="dialog-close" aria-label="Close" className={CLOSE_CLASS}>
            <XIcon className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </>
  );
  return inline ? dialog : <DialogPortal>{dialog}</DialogPortal>;
}

/** Title + description block at the top of a dialog. */
export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="dialog-header" className={cn('flex flex-col gap-2 pr-8 text-left', className)} {...props} />;
}

/** Action row at the bottom of a dialog: stacked on phones, right-aligned row from 640 px. */
export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

/** The dialog's accessible name, in the display face. */
export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('font-display text-xl font-semibold tracking-[-0.01em]', className)}
      {...props}
    />
  );
}

/** The dialog's accessible description, muted text. */
export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted', className)}
      {...props}
    />
  );
}
