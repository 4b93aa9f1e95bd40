import { SESSION_COOKIE } from '../../../tests/support/auth';
import { wireHeaderValue } from '../plan/payload';
import type { RequestPlan } from '../plan/types';
import type { Actor, World } from '../world/types';

/** The Cookie header a plan is sent with: the caller's own session, mixed with what the plan's cookie mutation says. */

/** How reproductions name the signed-in attackers. */
const ACTOR_NAMES: Record<Actor['label'], string> = { member: 'B', pro: 'Bpro', enterprise: 'Benterprise' };

/** The signature part of a signed cookie value (what follows the token). */
function signatureOf(value: string): string {
  return decodeURIComponent(value).split('.').slice(1).join('.');
}

/** The Cookie header of a plan (the caller's own cookies mixed with what the plan says) and a note describing it. */
export function cookieFor(world: World, plan: RequestPlan): { header: string | null; note: string } {
  const own = plan.identity === 'anon' ? null : world[plan.identity];
  const ownHeader = own?.jar.header() ?? '';
  const ownNote = own ? `${ACTOR_NAMES[own.label]}'s session` : 'no session';
  const victim = world.victim;
  const join = (...parts: (string | null)[]) => parts.filter((part) => part !== null && part !== '').join('; ');
  const session = (value: string) => `${SESSION_COOKIE}=${value}`;
  if (!plan.cookie) return { header: ownHeader || null, note: ownNote };
  const ownSignature = own ? signatureOf(own.jar.get(SESSION_COOKIE) ?? '') : 'c2lnbmF0dXJl';
  const tampered = victim.signedCookie.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
  const text = plan.cookie.text;
  switch (plan.cookie.mix) {
    case 'victim-raw':
      return { header: session(victim.sessionToken), note: "A's raw session token as the session cookie" };
    case 'victim-raw-after-own':
      return { header: join(ownHeader, session(victim.sessionToken)), note: `${ownNote}, then A's raw token` };
    case 'victim-raw-before-own':
      return { header: join(session(victim.sessionToken), ownHeader), note: `A's raw token, then ${ownNote}` };
    case 'victim-tampered':
      return { header: join(session(tampered)), note: "A's signed cookie with its signature's last character changed" };
    case 'victim-own-signature':
      return {
        header: session(`${victim.sessionToken}.${ownSignature}`),
        note: `A's token with ${own ? "B's" : 'a made-up'} signature`,
      };
    case 'victim-session-id':
      return { header: join(ownHeader, session(victim.sessionId)), note: `${ownNote}, then A's session id as a token` };
    case 'victim-secure-name':
      return {
        header: join(ownHeader, `__Secure-${session(victim.sessionToken)}`),
        note: `${ownNote} and A's raw token under the production cookie name`,
      };
    case 'garbage':
      return {
        header: join(session(wireHeaderValue(text) || 'x')),
        note: `session cookie ${JSON.stringify(text)}`,
      };
    case 'huge':
      return { header: join(ownHeader, `fuzz=${'a'.repeat(8_000)}`), note: `${ownNote} and an 8 kB cookie` };
    case 'empty':
      return { header: `${SESSION_COOKIE}=`, note: 'an empty session cookie' };
    case 'victim-two-factor':
      return {
        header: join(ownHeader, `barback.two_factor=2fa-${victim.userId}.${ownSignature}`),
        note: `${ownNote} and a forged two-factor cookie naming A`,
      };
    case 'victim-cache': {
      const forged = Buffer.from(
        JSON.stringify({
          session: { session: { userId: victim.userId }, user: { id: victim.userId } },
          expiresAt: 9e15,
        }),
      ).toString('base64url');
      return {
        header: join(ownHeader, `barback.session_data=${forged}`),
        note: `${ownNote} and a forged session-cache cookie naming A`,
      };
    }
  }
}
