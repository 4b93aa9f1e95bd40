/**
 * The My Bar feature's public surface: its routes (mounted at /api/me, every one behind the pro entitlement), the made
 * drinks the account pages count and list, the deletion of a user's My Bar rows (account deletion), and how My Bar shows an
 * ingredient (the venues' team inventory shows it the same way).
 */
export { myBarRoutes } from './routes';
export { listRecentMadeDrinks } from './made-drinks';
export { deleteMyBarData, type MyBarDeletion } from './account-deletion';
export { listMakeableIds } from './matching';
export { toBarIngredient } from './bar-rows';
