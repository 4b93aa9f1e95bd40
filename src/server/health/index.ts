/** The health check's public surface: its route. */
export { healthRoutes } from './routes';
