import type { Kysely } from 'kysely';
import { EDITOR_ROLES, guestMenuIngredients, pouredIngredientId } from '@/shared/domain/venues';
import { computeCocktailAlcohol } from '@/shared/domain/abv';
import type { BarStock } from '@/shared/domain/my-bar';
import type { CocktailDetail } from '@/shared/schemas/cocktail';
import type { MenuAvailability, MenuWrite, PublicMenu, TeamMenu } from '@/shared/schemas/venues';
import { getMatchModel, loadCocktailDetails, type MatchModel } from '../catalogue';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { storedPhotoOf } from '../uploads';
import { venueStock } from './inventory';
import { venueMenuState } from './menu-state';
import { requireRole, type VenueAccess } from './access';
import { venueRecipeModel, type VenueRecipeModel } from './signatures';

/**
 * A venue's menu: sections of catalogue cocktails with prices, written by the owner and managers, whose
 * availability follows the team inventory ('auto': the same matcher as My Bar, 86'd bottles counting as missing) unless
 * someone on the team set it by hand ('off', 'on'). The public menu is computed on every read, so a change to the
 * inventory shows on the guests' menu at their next refresh. Errors: AppError NOT_FOUND (unknown cocktail, item of
 * another venue, no such menu), FORBIDDEN (staff writing the menu); database errors propagate (503).
 */

interface MenuRow {
  sectionId: number;
  title: string;
  itemId: number | null;
  cocktailId: number | null;
  priceCents: number | null;
  availability: MenuAvailability | null;
}

/** The menu's sections and items in order (a section without items gives one row with null item fields). */
async function menuRows(db: Kysely<Database>, organizationId: string): Promise<MenuRow[]> {
  const rows = await db
    .selectFrom('venue_menu_section as s')
    .leftJoin('venue_menu_item as i', 'i.section_id', 's.id')
    .select([
      's.id as sectionId',
      's.title',
      's.position as sectionPosition',
      'i.id as itemId',
      'i.cocktail_id as cocktailId',
      'i.position as itemPosition',
      'i.price_cents as priceCents',
      'i.availability',
    ])
    .where('s.organization_id', '=', organizationId)
    .orderBy('s.position')
    .orderBy('i.position')
    .execute();
  return rows.map((row) => ({
    sectionId: Number(row.sectionId),
    title: row.title,
    itemId: row.itemId === null ? null : Number(row.itemId),
    cocktailId: row.cocktailId === null ? null : Number(row.cocktailId),
    priceCents: row.priceCents === null ? null : Number(row.priceCents),
    availability: row.availability,
  }));
}

/** Groups rows by section, keeping order. */
function bySection<T>(rows: MenuRow[], item: (row: MenuRow) => T | null): { id: number; title: string; items: T[] }[] {
  const sections: { id: number; title: string; items: T[] }[] = [];
  for (const row of rows) {
    let section = sections.at(-1);
    if (!section || section.id !== row.sectionId) {
      section = { id: row.sectionId, title: row.title, items: [] };
      sections.push(section);
    }
    const built = row.itemId === null ? null : item(row);
    if (built !== null) section.items.push(built);
  }
  return sections;
}

/** What availability is judged with: the catalogue's match model and the venue's own recipes. */
interface MenuModels {
  model: MatchModel;
  recipes: VenueRecipeModel;
}

/** Reads both models of a venue. */
async function menuModels(db: Kysely<Database>, organizationId: string): Promise<MenuModels> {
  const model = await getMatchModel(db);
  return { model, recipes: await venueRecipeModel(db, organizationId, model) };
}

/** The name of a catalogue cocktail or of one of the venue's own, or null for neither. */
function cocktailName({ model, recipes }: MenuModels, cocktailId: number): string | null {
  const index = model.cocktailIndex.get(cocktailId);
  if (index !== undefined) return model.cocktailNames[index] ?? null;
  return recipes.names.get(cocktailId) ?? null;
}

/**
 * Whether guests can order a cocktail now: 'on' and 'off' as set by hand; 'auto' when the stock covers every required
 * line (with the names of what it lacks). Catalogue cocktails are judged by the catalogue's matcher, the venue's own
 * recipes by the venue's (the same matching rules).
 */
export function availabilityOf(
  { model, recipes }: MenuModels,
  stock: BarStock,
  cocktailId: number,
  availability: MenuAvailability,
): { available: boolean; missing: string[] } {
  const matcher = model.cocktailIndex.has(cocktailId) ? model.matcher : recipes.matcher;
  const match = matcher.match(cocktailId, stock);
  const missing = (match?.missing ?? []).map((id) => model.ingredients.byId.get(id)?.name ?? `#${id}`);
  if (availability === 'on') return { available: true, missing };
  if (availability === 'off') return { available: false, missing };
  return { available: match !== null && missing.length === 0, missing };
}

/**
 * What the guests' menu says a drink is made of (guestMenuIngredients in shared/domain/venues.ts): its lines in order
 * without water and ice, each by the bottle the venue pours for it when the drink is available and the inventory covers
 * the line with a more specific bottle (Cointreau for 'Triple sec'), else as the recipe writes it.
 */
function guestIngredients(
  { model, recipes }: MenuModels,
  stock: BarStock,
  detail: CocktailDetail,
  available: boolean,
): string[] {
  const matcher = model.cocktailIndex.has(detail.id) ? model.matcher : recipes.matcher;
  const covered = available ? (matcher.match(detail.id, stock)?.lines ?? []) : [];
  const owned = new Set(stock.owned);
  const lines = detail.ingredients.map((line, index) => {
    const coverage = covered[index];
    // The matcher's lines are the recipe's in position order; a line that does not line up is shown as written.
    const poured =
      coverage && coverage.ingredientId === line.ingredient_id ? pouredIngredientId(coverage, owned) : null;
    return {
      name: line.ingredient,
      pouredName: poured === null ? null : (model.ingredients.byId.get(poured)?.name ?? null),
    };
  });
  return guestMenuIngredients(lines, available);
}

/** The menu as the team edits it, with each item's availability now. */
export async function getTeamMenu({ db, access }: { db: Kysely<Database>; access: VenueAccess }): Promise<TeamMenu> {
  const [models, stock, rows] = await Promise.all([
    menuModels(db, access.organizationId),
    venueStock(db, access.organizationId),
    menuRows(db, access.organizationId),
  ]);
  return {
    sections: bySection(rows, (row) => {
      const cocktailId = row.cocktailId!;
      const availability = row.availability ?? 'auto';
      return {
        id: row.itemId!,
        cocktail: { id: cocktailId, name: cocktailName(models, cocktailId) ?? `#${cocktailId}` },
        priceCents: row.priceCents,
        availability,
        ...availabilityOf(models, stock, cocktailId, availability),
      };
    }),
  };
}

/**
 * Replaces the whole menu (owner and manager) in one transaction: nothing changes when any cocktail is unknown.
 * @throws AppError FORBIDDEN for staff; NOT_FOUND naming the first unknown cocktail id.
 */
export async function writeMenu({
  db,
  access,
  body,
}: {
  db: Kysely<Database>;
  access: VenueAccess;
  body: MenuWrite;
}): Promise<TeamMenu> {
  requireRole(access, EDITOR_ROLES, 'edit the menu');
  const models = await menuModels(db, access.organizationId);
  for (const section of body.sections) {
    for (const item of section.items) {
      if (cocktailName(models, item.cocktailId) === null) {
        throw new AppError('NOT_FOUND', `no cocktail has id ${item.cocktailId}`);
      }
    }
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('venue_menu_item').where('organization_id', '=', access.organizationId).execute();
    await trx.deleteFrom('venue_menu_section').where('organization_id', '=', access.organizationId).execute();
    for (const [position, section] of body.sections.entries()) {
      const created = await trx
        .insertInto('venue_menu_section')
        .values({ organization_id: access.organizationId, title: section.title, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (section.items.length === 0) continue;
      await trx
        .insertInto('venue_menu_item')
        .values(
          section.items.map((item, itemPosition) => ({
            organization_id: access.organizationId,
            section_id: Number(created.id),
            cocktail_id: item.cocktailId,
            position: itemPosition,
            price_cents: item.priceCents,
            availability: item.availability,
          })),
        )
        .execute();
    }
  });
  return getTeamMenu({ db, access });
}

/**
 * Sets one item's availability by hand ('off', 'on') or gives it back to the inventory ('auto'); any member may.
 * @throws AppError NOT_FOUND when the venue's menu has no such item.
 */
export async function setItemAvailability({
  db,
  access,
  itemId,
  availability,
}: {
  db: Kysely<Database>;
  access: VenueAccess;
  itemId: number;
  availability: MenuAvailability;
}): Promise<TeamMenu> {
  const updated = await db
    .updateTable('venue_menu_item')
    .set({ availability })
    .where('id', '=', itemId)
    .where('organization_id', '=', access.organizationId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'no such item on this venue’s menu');
  return getTeamMenu({ db, access });
}

/** One decimal place. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * The public menu of the venue `slug` for guests (no sign-in): the venue in its colours, the sections with each drink's
 * description, ingredients (as a bar menu lists them: guestIngredients), glass, price, ABV and US standard drinks (computed from the recipe: DOMAIN.md, shared/domain/
 * abv.ts), and whether it is available now, with the menu's `state` (venueMenuState): 'open'; 'not-updated' for
 * MENU_GRACE_DAYS (14) days after the owner's Enterprise plan lapsed (the menu as it was, marked so for guests);
 * 'paused' after that, with the venue and no sections.
 * @throws AppError NOT_FOUND when no venue has this slug.
 */
export async function getPublicMenu({
  db,
  slug,
  now = new Date(),
}: {
  db: Kysely<Database>;
  slug: string;
  now?: Date;
}): Promise<PublicMenu> {
  const venue = await db
    .selectFrom('organization')
    .innerJoin('venue', 'venue.organization_id', 'organization.id')
    .select([
      'organization.id',
      'organization.name',
      'organization.slug',
      'organization.logo',
      'venue.brand_background',
      'venue.brand_accent',
      'venue.address',
      'venue.opening_hours',
    ])
    .where('organization.slug', '=', slug)
    .executeTakeFirst();
  if (!venue) throw new AppError('NOT_FOUND', 'There is no menu at this address.');
  const state = await venueMenuState(db, venue.id, now);
  const about = {
    name: venue.name,
    slug: venue.slug,
    logoUrl: venue.logo,
    brand: { background: venue.brand_background, accent: venue.brand_accent },
    address: venue.address,
    openingHours: venue.opening_hours,
  };
  // Past the grace the address still names the venue (a printed QR code lands somewhere), with no drinks.
  if (state === 'paused') return { venue: about, sections: [], asOf: now.toISOString(), state };
  const [models, stock, rows] = await Promise.all([
    menuModels(db, venue.id),
    venueStock(db, venue.id),
    menuRows(db, venue.id),
  ]);
  const recipes = await loadCocktailDetails(
    db,
    rows.flatMap((row) => (row.cocktailId === null ? [] : [row.cocktailId])),
    { venueId: venue.id },
  );
  const sections = bySection(rows, (row) => {
    const recipe = recipes.get(row.cocktailId!);
    if (!recipe) return null;
    const detail = recipe.detail;
    const alcohol = computeCocktailAlcohol(detail.ingredients, detail.technique);
    const available = availabilityOf(models, stock, detail.id, row.availability ?? 'auto').available;
    return {
      id: row.itemId!,
      name: detail.name,
      description: detail.description,
      ingredients: guestIngredients(models, stock, detail, available),
      glassware: detail.glassware,
      priceCents: row.priceCents,
      abv: tenth(alcohol.finalAbv),
      standardDrinks: tenth(alcohol.usStandardDrinks),
      imageUrl: detail.image_url,
      photo: storedPhotoOf(recipe.photo),
      isSignature: detail.is_signature,
      available,
    };
  });
  return {
    venue: about,
    sections: sections.map(({ title, items }) => ({ title, items })),
    asOf: now.toISOString(),
    state,
  };
}
