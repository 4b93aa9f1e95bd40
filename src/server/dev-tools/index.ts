/** The developer tools' public surface: their routes. */
export { devToolRoutes } from './routes';
