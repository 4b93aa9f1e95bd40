import { normalizedPath } from '../detectors';
import type { RequestPlan } from '../plan/types';
import type { World } from '../world/types';

/** Victim values attackers stored in their own data, and who may see them again without that being a leak. */

/**
 * Notes the victim values a successful write by a signed-in attacker carried (A's email as the address B-enterprise
 * invites, A's user id as the name of a venue): the attacker may have stored them in data of its own, which later answers
 * may show without any leak.
 */
export function recordPlants(world: World, plan: RequestPlan, status: number, requestText: string): void {
  if (plan.identity === 'anon' || plan.method === 'GET' || plan.method === 'HEAD' || status < 200 || status >= 400) {
    return;
  }
  const values = world.secrets
    .filter((secret) => secret.owner === 'victim' && secret.value !== '')
    .map((secret) => secret.value.toLowerCase())
    .filter((value) => requestText.includes(value));
  if (values.length === 0) return;
  const userId = world[plan.identity].userId;
  const planted = world.planted.get(userId) ?? new Set<string>();
  for (const value of values) planted.add(value);
  world.planted.set(userId, planted);
}

/**
 * The victim values attackers planted (see {@link recordPlants}) in data the caller of `plan` may see: its own; that of
 * the members of every venue it belongs to or is invited to (a venue's owner sees its members' names and emails, members
 * and invitees see the venue); B-enterprise's, when the request carries one of the invitation ids of B-enterprise's
 * venue (whoever holds the link sees the venue's name and who invited); and, on a public menu (`/api/menus/:slug`,
 * anyone), that of the members of the venue it names (its name and menu are theirs to write).
 */
export async function plantsSeenBy(world: World, plan: RequestPlan, requestText: string): Promise<Set<string>> {
  const seen = new Set<string>();
  if (world.planted.size === 0) return seen;
  const users = new Set<string>();
  const db = world.t.database.db;
  const menu = /^\/api\/menus\/([^/]+)\/?$/.exec(normalizedPath(new URL(plan.path, 'http://localhost').pathname));
  // A slug holding a NUL names no venue (the server refuses it before any query); PostgreSQL would refuse the query.
  if (menu && !menu[1]!.includes('\u0000') && !/%00/i.test(menu[1]!)) {
    const members = await db
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select('member.userId')
      .where('organization.slug', '=', menu[1]!)
      .execute();
    for (const row of members) users.add(row.userId);
  }
  const own = plan.identity === 'anon' ? null : world[plan.identity];
  if (own) {
    users.add(own.userId);
    const mates = await db
      .selectFrom('member')
      .select('userId')
      .where((eb) =>
        eb.or([
          eb('organizationId', 'in', eb.selectFrom('member').select('organizationId').where('userId', '=', own.userId)),
          eb(
            'organizationId',
            'in',
            eb.selectFrom('invitation').select('organizationId').where('email', '=', own.email.toLowerCase()),
          ),
        ]),
      )
      .execute();
    for (const row of mates) users.add(row.userId);
  }
  const { invitationId, spareInvitationId } = world.ctx.ownVenue;
  if ([invitationId, spareInvitationId].some((id) => requestText.includes(id.toLowerCase()))) {
    users.add(world.enterprise.userId);
  }
  for (const userId of users) for (const value of world.planted.get(userId) ?? []) seen.add(value);
  return seen;
}
