import { TEST_WEBHOOK_AUTH } from '../../../tests/support/payments';
import { TEST_AUTH_SECRET } from '../../../tests/support/test-app';
import type { Secret } from '../detectors';
import { FUZZ_ENV, OUTSIDE_FILE } from './environment';
import type { Victim } from './types';

/**
 * What must never appear in an answer that did not ask for it: A's data (some of it shown on purpose, where each entry
 * says) and the server's secrets, `outsideMarker` (the text of the file beside the client build) among them.
 */
export function worldSecrets(victim: Victim, outsideMarker: string): Secret[] {
  const totpSecret = new URL(victim.totpUri).searchParams.get('secret') ?? '';
  const publicMenuPath = `/api/menus/${victim.venueSlug}`;
  return [
    { label: "A's email", value: victim.email, owner: 'victim' },
    { label: "A's user id", value: victim.userId, owner: 'victim' },
    { label: "A's session token", value: victim.sessionToken, owner: 'victim' },
    { label: "A's session id", value: victim.sessionId, owner: 'victim' },
    { label: "A's support message", value: victim.supportMessage, owner: 'victim' },
    { label: "A's made-drink note", value: victim.madeNote, owner: 'victim' },
    { label: "A's private cocktail note", value: victim.cocktailNote, owner: 'victim' },
    { label: "A's private collection's name", value: victim.collectionName, owner: 'victim' },
    { label: "A's own recipe's name", value: victim.ownRecipeName, owner: 'victim' },
    { label: "A's TOTP secret", value: totpSecret, owner: 'victim' },
    ...victim.backupCodes.map((code) => ({
      label: "one of A's backup codes",
      value: code,
      owner: 'victim' as const,
    })),
    ...victim.accountIds.map((id) => ({ label: "A's account id", value: id, owner: 'victim' as const })),
    // The join page shows the venue's name to whoever holds the invitation link, and the public menu shows it (and the
    // menu) to anyone, by design.
    {
      label: "A's venue's name",
      value: victim.venueName,
      owner: 'victim',
      shownWith: [victim.venueInvitationId],
      publicAt: [publicMenuPath],
    },
    {
      label: "A's menu's section title",
      value: victim.venueMenuSectionTitle,
      owner: 'victim',
      publicAt: [publicMenuPath],
    },
    // The public menu shows A's logo, whose URL holds A's venue's id (uploads' keys are venues/<organization id>/...).
    { label: "A's venue's id", value: victim.venueId, owner: 'victim', publicAt: [publicMenuPath] },
    { label: "A's signature cocktail's name", value: victim.venueSignatureName, owner: 'victim' },
    { label: "A's signature cocktail's slug", value: victim.venueSignatureSlug, owner: 'victim' },
    { label: "A's venue's staff member id", value: victim.venueMemberId, owner: 'victim' },
    { label: "the email of A's venue's staff member", value: victim.venueStaffEmail, owner: 'victim' },
    { label: "the user id of A's venue's staff member", value: victim.venueStaffUserId, owner: 'victim' },
    { label: "the email A's venue invited", value: victim.venueInviteeEmail, owner: 'victim' },
    { label: "A's venue's invitation id (the join link)", value: victim.venueInvitationId, owner: 'victim' },
    { label: 'the auth secret', value: TEST_AUTH_SECRET, owner: 'server' },
    { label: 'the webhook secret', value: TEST_WEBHOOK_AUTH.replace(/^Bearer /, ''), owner: 'server' },
    { label: 'the Google client secret', value: FUZZ_ENV.GOOGLE_CLIENT_SECRET!, owner: 'server' },
    { label: 'the Facebook client secret', value: FUZZ_ENV.FACEBOOK_CLIENT_SECRET!, owner: 'server' },
    { label: `the file beside the client build (${OUTSIDE_FILE})`, value: outsideMarker, owner: 'server' },
    { label: 'the contents of /etc/passwd', value: 'root:x:0:0:', owner: 'server' },
  ];
}
