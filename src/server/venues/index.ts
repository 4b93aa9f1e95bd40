/**
 * The venues feature's public surface (Enterprise): better-auth's organization plugin as venues use it, the
 * venue routes, the seat operations the admin CLI and the payments webhook use, and the menus listed in the sitemap.
 */
export { joinPath, venueOrganizationPlugin } from './organization-plugin';
export { addPurchasedSeat, seatUsage } from './seats';
export { serveMenuPage } from './menu-page';
export { publicMenuRoutes, venueInvitationRoutes, venueRoutes } from './routes';
export { isEnterpriseCustomer } from './access';
export { setSeatLimit } from './seats';
export { listListedMenus, type ListedMenu } from './listed-menus';
