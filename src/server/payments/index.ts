/**
 * The payments feature's public surface: the webhook, purchase and simulator routes, the entitlement gate every paid API
 * uses, the session plugin, and the entitlement operations the account pages and the admin CLI use.
 */
export { purchaseRoutes, webhookRoutes } from './routes';
export { wrapperSimulatorRoutes, type Dispatch } from './wrapper-simulator';
export { entitlementRequiredMessage, requireEntitlement, requireEntitlementToAdd } from './require-entitlement';
export { entitlementsSessionPlugin, withAppMetadata } from './session-plugin';
export {
  activeEntitlementsOf,
  findUserIdByEmail,
  getSubscriptionStatus,
  grantEntitlement,
  revokeEntitlement,
  type EntitlementRow,
} from './entitlements';
