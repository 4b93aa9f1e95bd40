import type { Migration } from 'kysely';
import type { Dialect } from '../database';
import { catalogueMigration } from './0001-catalogue';
import { catalogueSearchMigration } from './0002-catalogue-search';
import { analyticsEventMigration } from './0003-analytics-event';
import { authTablesMigration } from './0004-auth-tables';
import { accountsMigration } from './0005-accounts';
import { paymentsMigration } from './0006-payments';
import { myBarMigration } from './0007-my-bar';
import { collectionsMigration } from './0008-collections';
import { venuesMigration } from './0009-venues';
import { venueInventoryMigration } from './0010-venue-inventory';
import { venueMenuMigration } from './0011-venue-menu';
import { venueRecipesMigration } from './0012-venue-recipes';
import { searchTermsMigration } from './0013-search-terms';
import { jwtKeysMigration } from './0014-jwt-keys';
import { ingredientVariantMigration } from './0015-ingredient-variant';
import { servedOverIceMigration } from './0016-served-over-ice';
import { ownRecipesMigration } from './0017-own-recipes';
import { ownIngredientsMigration } from './0018-own-ingredients';
import { recipeSourceMigration } from './0019-recipe-source';
import { rateLimitCounterMigration } from './0020-rate-limit-counter';
import { userLookupIndexesMigration } from './0021-user-lookup-indexes';
import { publicCatalogueIndexesMigration } from './0022-public-catalogue-indexes';
import { cocktailSavesMigration } from './0023-cocktail-saves';
import { idempotentWriteMigration } from './0024-idempotent-write';
import { venueMenuListedMigration } from './0025-venue-menu-listed';
import { deletedValueMigration } from './0026-deleted-value';
import { favoritesOrderIndexMigration } from './0027-favorites-order-index';

/**
 * Every migration, by name (Kysely runs them in name order). One set serves both dialects: each module receives the dialect
 * and branches only where the SQL differs. Add new migrations here with the next number.
 */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-catalogue': catalogueMigration(dialect),
    '0002-catalogue-search': catalogueSearchMigration(dialect),
    '0003-analytics-event': analyticsEventMigration(dialect),
    '0004-auth-tables': authTablesMigration(dialect),
    '0005-accounts': accountsMigration(dialect),
    '0006-payments': paymentsMigration(dialect),
    '0007-my-bar': myBarMigration(dialect),
    '0008-collections': collectionsMigration(dialect),
    '0009-venues': venuesMigration(dialect),
    '0010-venue-inventory': venueInventoryMigration(dialect),
    '0011-venue-menu': venueMenuMigration(dialect),
    '0012-venue-recipes': venueRecipesMigration(dialect),
    '0013-search-terms': searchTermsMigration(dialect),
    '0014-jwt-keys': jwtKeysMigration(dialect),
    '0015-ingredient-variant': ingredientVariantMigration(),
    '0016-served-over-ice': servedOverIceMigration(),
    '0017-own-recipes': ownRecipesMigration(),
    '0018-own-ingredients': ownIngredientsMigration(),
    '0019-recipe-source': recipeSourceMigration(),
    '0020-rate-limit-counter': rateLimitCounterMigration(dialect),
    '0021-user-lookup-indexes': userLookupIndexesMigration(),
    '0022-public-catalogue-indexes': publicCatalogueIndexesMigration(),
    '0023-cocktail-saves': cocktailSavesMigration(dialect),
    '0024-idempotent-write': idempotentWriteMigration(dialect),
    '0025-venue-menu-listed': venueMenuListedMigration(),
    '0026-deleted-value': deletedValueMigration(dialect),
    '0027-favorites-order-index': favoritesOrderIndexMigration(),
  };
}
