/** The analytics feature's public surface: its route. */
export { analyticsRoutes } from './routes';
