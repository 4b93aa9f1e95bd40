/**
 * The collections feature's public surface: its routes (the user's collections, notes, ratings and export at /api/me; the
 * public share link at /api/collections), the user's ratings by cocktail (the catalogue's personal orders) and the
 * deletion of a user's rows (account deletion).
 */
export { collectionRoutes, sharedCollectionRoutes } from './routes';
export { deleteCollectionsData, type CollectionsDeletion } from './account-deletion';
export { ratingsByCocktail } from './ratings';
// A shared collection's page head (seo/shared-pages.ts) reads it as its link does.
export { getSharedCollection } from './collections';
