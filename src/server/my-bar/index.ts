/** The My Bar feature's public surface: its routes (behind the pro entitlement). */
export { myBarRoutes } from './routes';
