/**
 * The account feature's public surface: the routes of the signed-in user's own resources, and the export and import of
 * the whole account (data-routes.ts).
 */
export { accountRoutes } from './routes';
export { accountDataRoutes } from './data-routes';
