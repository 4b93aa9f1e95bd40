import type { Dialect } from '@/server/db/database';
import { postJson } from '../../tests/support/auth';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import type { FuzzContext } from './routes/types';
import { setUpOwnVenue } from './world/attackers';
import { FUZZ_ENV, makeClientBuild } from './world/environment';
import { worldSecrets } from './world/secrets';
import { createOwnRecipe, expectStatus, newActor } from './world/setup-steps';
import type { World } from './world/types';
import { createVictim } from './world/victim';

/**
 * The world a fuzz run attacks: a test app on a fresh database (SQLite or PostgreSQL) with the wrapper simulator, dev tools,
 * payments and both sign-in providers configured, and these users:
 * - A, the victim, signed in, with two-factor on, favorites, pro and enterprise entitlements granted through RevenueCat's
 *   webhook, a support message, a search, My Bar data (bottles, a shopping-list entry, a made drink, a swap), a private
 *   and a shared collection, a private note and a rating, and a venue with one staff member (who joined through a real
 *   invitation and sends nothing either), one invitation still waiting, an 86'd bottle in its team inventory, a menu
 *   (a section of two cocktails with prices, one set 'off' by hand, public at /api/menus/<slug>), an uploaded logo, and a
 *   signature cocktail with a photo (not on the menu, so its name is A's secret); A sends nothing during the run, and A's
 *   data, A's venue and its menu and signature with it, is snapshotted (API and database), as is the public catalogue;
 * - B (free plan), B' (pro plan) and B-enterprise (enterprise plan, owner of a venue with a helper staff member, two
 *   waiting invitations, one to B, a menu and a signature cocktail), the signed-in attackers, re-created when a request
 *   ends their session (or takes B-enterprise's venue away);
 * - C, whom signed webhooks may name.
 *
 * The parts live in world/: the app's environment, the people's types, the setup steps through the API, the victim, the
 * attackers' own data and their upkeep during a run, the secrets, and the snapshots of A's data.
 */

/** Builds the world on a fresh database of `dialect`. */
export async function createWorld(dialect: Dialect): Promise<World> {
  const client = makeClientBuild();
  let t: TestApp;
  try {
    t = await createTestApp({ dialect, env: FUZZ_ENV, clientDir: client.dir });
  } catch (error) {
    client.remove();
    throw error;
  }
  try {
    const cocktailIds = (await t.database.db.selectFrom('cocktail').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );
    const ingredientIds = (await t.database.db.selectFrom('ingredient').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );
    const victim = await createVictim(t, cocktailIds, ingredientIds);
    const member = await newActor(t, 'member');
    const pro = await newActor(t, 'pro');
    const enterprise = await newActor(t, 'enterprise');
    const target = await newActor(t, 'member');
    const own = await expectStatus(
      await t.request('/api/me/collections', postJson({ name: "B' list", cocktailIds: [cocktailIds[0]] }, pro.jar)),
      201,
      "POST /api/me/collections (B')",
    );
    const ctx: FuzzContext = {
      cocktailIds,
      ingredientIds,
      victim,
      webhookTargetId: target.userId,
      publicShareSlug: victim.publicShareSlug,
      publicRecipeSlug: victim.publicRecipeSlug,
      ownCollectionId: ((await own.json()) as { id: number }).id,
      ownRecipeId: await createOwnRecipe(t, pro.jar, ingredientIds),
      ownVenue: await setUpOwnVenue(t, enterprise, member.email, cocktailIds, ingredientIds),
    };
    const secrets = worldSecrets(victim, client.marker);
    return {
      t,
      dialect,
      victim,
      member,
      pro,
      enterprise,
      webhookTargetId: target.userId,
      ctx,
      secrets,
      planted: new Map(),
      close: async () => {
        await t.close();
        client.remove();
      },
    };
  } catch (error) {
    await t.close();
    client.remove();
    throw error;
  }
}
