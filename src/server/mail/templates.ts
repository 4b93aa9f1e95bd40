import type { MailMessage } from './mailer';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Subject of the sign-in email. */
export const MAGIC_LINK_SUBJECT = 'Your Barback sign-in link';
/** Subject of the account-recovery email (the /dev/auth-health "reset" tool). */
export const RECOVERY_SUBJECT = 'Recover your Barback account';

/** Why a magic link is sent: a normal sign-in, or account recovery (same link, different wording). */
export type MagicLinkPurpose = 'sign-in' | 'recovery';

/** Wraps content in a small, inline-styled HTML document (mail clients ignore style sheets). */
function htmlDocument(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#0f0c0a;color:#f6efe4;font-family:Helvetica,Arial,sans-serif;">',
    '<div style="max-width:480px;margin:0 auto;background:#1a1512;border-radius:12px;padding:24px;">',
    body,
    '</div></body></html>',
  ].join('');
}

/**
 * The email carrying a one-time sign-in link: says what it is, gives a button and the plain link, and when the link
 * expires. `expiresInMinutes` is the link's lifetime (15 for Barback's magic links).
 */
export function magicLinkEmail({
  to,
  url,
  expiresInMinutes,
  purpose,
}: {
  to: string;
  url: string;
  expiresInMinutes: number;
  purpose: MagicLinkPurpose;
}): MailMessage {
  const recovery = purpose === 'recovery';
  const subject = recovery ? RECOVERY_SUBJECT : MAGIC_LINK_SUBJECT;
  const intro = recovery
    ? 'Someone asked to recover the Barback account for this email address. Use the link below to sign in again.'
    : 'Use the link below to sign in to Barback. No password needed.';
  const action = recovery ? 'Sign in to recover your account' : 'Sign in to Barback';
  const expiry = `The link works once and expires in ${expiresInMinutes} minutes.`;
  const ignore = "If you didn't ask for this, you can ignore this email: nobody can sign in without the link.";
  const text = [intro, '', `${action}:`, url, '', expiry, ignore, '', 'Barback'].join('\n');
  const html = htmlDocument(
    subject,
    [
      `<h1 style="font-size:22px;margin:0 0 16px;">${escapeHtml(subject)}</h1>`,
      `<p style="margin:0 0 20px;line-height:1.5;">${escapeHtml(intro)}</p>`,
      `<p style="margin:0 0 24px;"><a href="${escapeHtml(url)}" style="display:inline-block;background:#e6a84f;color:#0f0c0a;`,
      `text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px;">${escapeHtml(action)}</a></p>`,
      '<p style="margin:0 0 8px;font-size:14px;color:#b3a696;">Or copy this link into your browser:</p>',
      `<p style="margin:0 0 20px;font-size:14px;word-break:break-all;"><a href="${escapeHtml(url)}" style="color:#e6a84f;">`,
      `${escapeHtml(url)}</a></p>`,
      `<p style="margin:0 0 8px;font-size:14px;color:#b3a696;">${escapeHtml(expiry)}</p>`,
      `<p style="margin:0;font-size:14px;color:#b3a696;">${escapeHtml(ignore)}</p>`,
    ].join(''),
  );
  return { to, subject, text, html };
}

/**
 * The email that forwards a Contact Support message to the support inbox, replies going to the sender.
 * @param userId the signed-in sender's id, or null for an anonymous message.
 */
export function supportEmail({
  to,
  from,
  message,
  page,
  userId,
  id,
  priority = 'standard',
}: {
  to: string;
  from: string;
  message: string;
  page: string | null;
  userId: string | null;
  id: number;
  /** 'priority' for an Enterprise customer: the subject says so first. */
  priority?: 'standard' | 'priority';
}): MailMessage {
  const subject = `${priority === 'priority' ? '[Priority] ' : ''}Support request #${id} from ${from}`;
  const facts = [
    `From: ${from}`,
    `Account: ${userId ?? 'not signed in'}`,
    `Page: ${page ?? 'not given'}`,
    `Priority: ${priority === 'priority' ? 'priority (Enterprise)' : 'standard'}`,
  ];
  const text = [...facts, '', message].join('\n');
  const html = htmlDocument(
    subject,
    [
      `<h1 style="font-size:20px;margin:0 0 16px;">${escapeHtml(subject)}</h1>`,
      `<p style="margin:0 0 16px;font-size:14px;color:#b3a696;">${facts.map(escapeHtml).join('<br>')}</p>`,
      `<p style="margin:0;white-space:pre-wrap;line-height:1.5;">${escapeHtml(message)}</p>`,
    ].join(''),
  );
  return { to, subject, text, html, replyTo: from };
}

/**
 * The email inviting someone to join a venue's team (Enterprise): who invited them, to which venue and as
 * what, a button to the join page (which signs them in or creates their account, then joins), and when it expires.
 */
export function venueInvitationEmail({
  to,
  url,
  venueName,
  inviterName,
  roleLabel,
  expiresInDays,
}: {
  to: string;
  url: string;
  venueName: string;
  inviterName: string;
  roleLabel: string;
  expiresInDays: number;
}): MailMessage {
  const subject = `Join ${venueName} on Barback`;
  const intro = `${inviterName} invited you to join ${venueName} on Barback as ${roleLabel.toLowerCase()}.`;
  const detail =
    "You'll share the bar's inventory and signature cocktails with the team. No subscription needed: the venue covers it.";
  const action = `Join ${venueName}`;
  const expiry = `The invitation expires in ${expiresInDays} days. Sign in with this email address (${to}) to accept it.`;
  const text = [intro, detail, '', `${action}:`, url, '', expiry, '', 'Barback'].join('\n');
  const html = htmlDocument(
    subject,
    [
      `<h1 style="font-size:22px;margin:0 0 16px;">${escapeHtml(subject)}</h1>`,
      `<p style="margin:0 0 12px;line-height:1.5;">${escapeHtml(intro)}</p>`,
      `<p style="margin:0 0 20px;line-height:1.5;color:#b3a696;">${escapeHtml(detail)}</p>`,
      `<p style="margin:0 0 24px;"><a href="${escapeHtml(url)}" style="display:inline-block;background:#e6a84f;color:#0f0c0a;`,
      `text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px;">${escapeHtml(action)}</a></p>`,
      '<p style="margin:0 0 8px;font-size:14px;color:#b3a696;">Or copy this link into your browser:</p>',
      `<p style="margin:0 0 20px;font-size:14px;word-break:break-all;"><a href="${escapeHtml(url)}" style="color:#e6a84f;">`,
      `${escapeHtml(url)}</a></p>`,
      `<p style="margin:0;font-size:14px;color:#b3a696;">${escapeHtml(expiry)}</p>`,
    ].join(''),
  );
  return { to, subject, text, html };
}
