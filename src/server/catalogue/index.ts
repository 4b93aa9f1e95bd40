/** The catalogue feature's public surface: its routes, seeding, and the list items other features show. */
export { catalogueRoutes, ingredientRoutes } from './routes';
export { MAX_COCKTAIL_ID, seedCatalogue, warmCatalogue, type SeedCatalogue, type SeedResult } from './operations';
export { loadSummariesByIds } from './read-model';
