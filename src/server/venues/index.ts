/**
 * The venues feature's public surface (Enterprise): better-auth's organization plugin as venues use it, the
 * venue routes, and the seat operations the admin CLI and the payments webhook use.
 */
export { joinPath, venueOrganizationPlugin } from './organization-plugin';
export { addPurchasedSeat, seatUsage } from './seats';
export { serveMenuPage } from './menu-page';
export { publicMenuRoutes, venueInvitationRoutes, venueRoutes } from './routes';
export { isEnterpriseCustomer } from './access';
export { setSeatLimit } from './seats';
