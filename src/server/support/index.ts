/** The support feature's public surface: its route. */
export { supportRoutes } from './routes';
