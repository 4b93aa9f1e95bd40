import { createHash } from 'node:crypto';
import { generateRandomString } from 'better-auth/crypto';

/**
 * How magic-link tokens are made and kept: the link carries a random token; storage keeps only its SHA-256 hash (a stolen
 * database or Redis copy holds no usable link); and asking for a new link for an email ends the links sent before, so only
 * the newest link of an email works.
 */

/** The parts of better-auth's internal adapter this module uses (verification values, in the database or Redis). */
export interface VerificationStore {
  findVerificationValue(identifier: string): Promise<{ value: string } | null | undefined>;
  deleteVerificationByIdentifier(identifier: string): Promise<void>;
  createVerificationValue(data: { identifier: string; value: string; expiresAt: Date }): Promise<unknown>;
}

/** Characters of a magic-link token (better-auth's own default: 32 letters). */
const TOKEN_LENGTH = 32;

/** The stored form of a token: SHA-256, base64url. */
export function hashMagicLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** better-auth's magic-link verification identifier for a stored token (its plugin's `magic-link:<stored>`). */
export function magicLinkIdentifier(token: string): string {
  return `magic-link:${hashMagicLinkToken(token)}`;
}

/** The identifier of the record that names an email's newest link. */
export function latestLinkIdentifier(email: string): string {
  return `magic-link-latest:${email.trim().toLowerCase()}`;
}

/**
 * The magicLink plugin's token options: tokens stored hashed ({@link hashMagicLinkToken}), and a `generateToken` that ends
 * the email's earlier link (deletes its verification value) and records the new one as the newest, with the link's
 * lifetime. The record's value names the email, so account deletion finds and removes it.
 * @param store resolves better-auth's verification store once the instance exists (tokens are made only after that).
 * @param expiresInSeconds how long a link lives (the record lives as long).
 */
export function magicLinkTokenOptions(store: () => Promise<VerificationStore>, expiresInSeconds: number) {
  return {
    storeToken: { type: 'custom-hasher' as const, hash: async (token: string) => hashMagicLinkToken(token) },
    generateToken: async (email: string): Promise<string> => {
      const adapter = await store();
      const token = generateRandomString(TOKEN_LENGTH, 'a-z', 'A-Z');
      const pointer = latestLinkIdentifier(email);
      const previous = await adapter.findVerificationValue(pointer);
      if (previous) {
        try {
          const { identifier } = JSON.parse(previous.value) as { identifier?: unknown };
          if (typeof identifier === 'string') await adapter.deleteVerificationByIdentifier(identifier);
        } catch {
          // an unreadable record names no link to end
        }
        await adapter.deleteVerificationByIdentifier(pointer);
      }
      await adapter.createVerificationValue({
        identifier: pointer,
        value: JSON.stringify({ email: email.trim().toLowerCase(), identifier: magicLinkIdentifier(token) }),
        expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
      });
      return token;
    },
  };
}
