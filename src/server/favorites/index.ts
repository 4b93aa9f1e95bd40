/** The favorites feature's public surface: its routes and the counts and recent lists the account pages show. */
export { favoriteRoutes } from './routes';
export { listFavoriteIds, listRecentFavorites } from './operations';
