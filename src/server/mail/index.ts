/** The mail feature's public surface: the mailer, the dev outbox and the email templates. */
export { createMailer, MailError, redactTokens, type Mailer, type MailMessage, type MailTransportKind } from './mailer';
export { listOutbox } from './outbox';
export {
  magicLinkEmail,
  supportEmail,
  venueInvitationEmail,
  MAGIC_LINK_SUBJECT,
  RECOVERY_SUBJECT,
  type MagicLinkPurpose,
} from './templates';
