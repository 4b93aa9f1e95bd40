/**
 * Cards per page of `GET /api/me/favorites` (every page but the last holds exactly this many). A module of its own,
 * without zod, so the app shell can read it without loading the schemas.
 */
export const FAVORITES_PAGE_SIZE = 50;
