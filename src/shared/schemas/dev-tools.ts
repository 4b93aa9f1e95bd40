import { z } from 'zod';
import { OAUTH_PROVIDERS } from './session';

/** How a provider is wired on the server: a real client ('social'), the test issuer ('test'), or not at all ('off'). */
export const PROVIDER_MODES = ['social', 'test', 'off'] as const;
export type ProviderMode = (typeof PROVIDER_MODES)[number];

const providerStatusSchema = z.object({ configured: z.boolean(), mode: z.enum(PROVIDER_MODES) });

/** `GET /api/dev/auth-health` answer: how sign-in is wired and whether the caller is signed in. Never holds a secret. */
export const authHealthSchema = z.object({
  providers: z.record(z.enum(OAUTH_PROVIDERS), providerStatusSchema),
  magicLink: z.literal(true),
  mail: z.object({ transport: z.enum(['smtp', 'outbox']), from: z.string() }),
  session: z.object({ signedIn: z.boolean(), userId: z.string().optional(), expiresAt: z.string().optional() }),
  baseURL: z.string(),
  trustedOrigins: z.array(z.string()),
});
export type AuthHealth = z.infer<typeof authHealthSchema>;

/** One message of the development outbox. createdAt: ISO 8601. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** `GET /api/dev/mailbox` answer: the newest messages first. */
export const mailboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type MailboxResponse = z.infer<typeof mailboxResponseSchema>;

/** The recovery request's contract lives with the sign-in schemas; the reset tool uses the same one. */
export {
  EMPTY_EMAIL_MESSAGE,
  recoveryEmailSchema,
  recoveryEmailResponseSchema,
  type RecoveryEmailRequest,
  type RecoveryEmailResponse,
} from './session';
