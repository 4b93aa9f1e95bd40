/**
 * The My Bar feature's public surface: its routes (mounted at /api/me, every one behind the pro entitlement), the made
 * drinks the account pages count and list, and the deletion of a user's My Bar rows (account deletion).
 */
export { myBarRoutes } from './routes';
export { countMadeDrinks, deleteMyBarData, listRecentMadeDrinks, type MyBarDeletion } from './operations';
