import type { Dialect } from '@/server/db/database';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import type { TestApp } from '../../../tests/support/test-app';
import type { Secret } from '../detectors';
import type { FuzzContext, VictimIds } from '../routes/types';

/** The people of a fuzz run's world (the victim and the attackers) and the running world itself. */

/** A signed-in attacker: B (free), B' (pro) or B-enterprise (enterprise, with a venue: `ctx.ownVenue`). */
export interface Actor {
  label: 'member' | 'pro' | 'enterprise';
  email: string;
  userId: string;
  jar: CookieJar;
  /** The raw session token behind the jar's cookie. */
  token: string;
  /** How many times the actor was signed in again after losing the session. */
  renewals: number;
}

/** User A: the ids hostile requests aim at, and the session material only A holds. */
export interface Victim extends VictimIds {
  jar: CookieJar;
  /** A's signed session cookie value (never sent by an attacker as it is). */
  signedCookie: string;
  supportMessage: string;
  /** The note on A's made drink. */
  madeNote: string;
  /** A's private note on a cocktail, and the name of A's private collection. */
  cocktailNote: string;
  collectionName: string;
  /** The slug of the collection A shares on purpose (its name and cocktails are public). */
  publicShareSlug: string;
  totpUri: string;
  backupCodes: string[];
  /** The name of A's venue (its members see it, and so does whoever holds its invitation link). */
  venueName: string;
  /** The staff member of A's venue: their email and user id (only A, the owner, sees them in the team list). */
  venueStaffEmail: string;
  venueStaffUserId: string;
  /** The address A's waiting invitation went to. */
  venueInviteeEmail: string;
  /** The title of the section on A's venue's menu (public on A's public menu, as is the venue's name). */
  venueMenuSectionTitle: string;
  /** The name and slug of A's venue's signature cocktail (not on A's menu: only A's team may see them). */
  venueSignatureName: string;
  venueSignatureSlug: string;
  /** Where A's logo and A's signature's photo are served (`/media/...`): each must stay there, unchanged. */
  venueMediaPaths: string[];
  /** The name of A's private own recipe (only A may see it). */
  ownRecipeName: string;
  /** The slug of the own recipe A shares on purpose (public: anyone may read it, nobody else may change it). */
  publicRecipeSlug: string;
}

/** A running world. */
export interface World {
  t: TestApp;
  dialect: Dialect;
  victim: Victim;
  member: Actor;
  pro: Actor;
  enterprise: Actor;
  webhookTargetId: string;
  ctx: FuzzContext;
  /** What must never appear in an answer the request did not ask for it in. */
  secrets: Secret[];
  /**
   * Victim values (lower case) each attacker wrote into its own data, by the attacker's user id: what a later answer
   * may show again without a leak (see plantsSeenBy in campaign/plants.ts).
   */
  planted: Map<string, Set<string>>;
  close(): Promise<void>;
}
