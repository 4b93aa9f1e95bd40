import { z } from 'zod';
import { PARAGRAPH_TEXT, paragraphMessage } from './text';

/** Longest support message, characters (after trimming). */
export const MAX_SUPPORT_MESSAGE_LENGTH = 5000;
/** Longest email address, characters (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

/** A required, valid email address (trimmed, at most 254 characters); messages name the field. */
export const emailFieldSchema = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, 'email is required')
  .max(MAX_EMAIL_LENGTH, `email must be at most ${MAX_EMAIL_LENGTH} characters`)
  .pipe(z.email('email must be a valid email address'));

/** Body of `POST /api/support`: email (required, valid), message (1–5000 characters after trimming), page (optional). */
export const supportMessageSchema = z.object({
  email: emailFieldSchema,
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, 'message is required')
    .max(MAX_SUPPORT_MESSAGE_LENGTH, `message must be at most ${MAX_SUPPORT_MESSAGE_LENGTH} characters`)
    .regex(PARAGRAPH_TEXT, paragraphMessage('message')),
  page: z.string({ error: 'page must be text' }).trim().max(500, 'page must be at most 500 characters').optional(),
});
/** The body as a client sends it. */
export type SupportMessageInput = z.input<typeof supportMessageSchema>;
/** The body as the server reads it (trimmed). */
export type SupportMessage = z.output<typeof supportMessageSchema>;

/** `POST /api/support` answer (201). mailed: false when the message was stored but the mail could not be sent. */
export const supportReceiptSchema = z.object({
  id: z.number().int(),
  status: z.literal('received'),
  mailed: z.boolean(),
  /** 'priority' for an Enterprise customer (the plan, or a venue the plan covers): answered first. */
  priority: z.enum(['standard', 'priority']),
});
export type SupportReceipt = z.infer<typeof supportReceiptSchema>;
