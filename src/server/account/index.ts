/** The account feature's public surface: the routes of the signed-in user's own resources. */
export { accountRoutes } from './routes';
