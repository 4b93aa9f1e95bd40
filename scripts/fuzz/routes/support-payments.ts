/** The route table's support, developer-tool and recovery routes, RevenueCat's webhook and the wrapper simulator. */
import { recoveryEmailSchema } from '@/shared/schemas/dev-tools';
import { revenueCatWebhookSchema, simulatedPurchaseSchema, simulatedRestoreSchema } from '@/shared/schemas/payments';
import { supportMessageSchema } from '@/shared/schemas/support';
import { TEST_WEBHOOK_AUTH } from '../../../tests/support/payments';
import type { RouteSpec } from './types';
import { webhookEvent, app } from './shared';

export const SUPPORT_PAYMENT_ROUTES: readonly RouteSpec[] = [
  app({
    id: 'POST /api/support',
    method: 'POST',
    path: '/api/support',
    caller: 'anyone',
    weight: 1.5,
    body: () => ({ email: 'fuzz@example.test', message: 'Hello from the fuzz suite', page: '/support' }),
    bodySchema: supportMessageSchema,
  }),
  app({ id: 'GET /api/dev/auth-health', method: 'GET', path: '/api/dev/auth-health', caller: 'anyone' }),
  app({
    id: 'GET /api/dev/mailbox',
    method: 'GET',
    path: '/api/dev/mailbox',
    caller: 'anyone',
    thisMachineOnly: true,
    weight: 0.5,
  }),
  app({
    id: 'POST /api/session/recovery',
    method: 'POST',
    path: '/api/session/recovery',
    caller: 'anyone',
    body: () => ({ email: 'fuzz@example.test' }),
    bodySchema: recoveryEmailSchema,
  }),
  app({
    id: 'POST /api/dev/recovery-email',
    method: 'POST',
    path: '/api/dev/recovery-email',
    caller: 'anyone',
    body: () => ({ email: 'fuzz@example.test' }),
    bodySchema: recoveryEmailSchema,
  }),
  app({
    id: 'POST /api/webhooks/revenuecat',
    method: 'POST',
    path: '/api/webhooks/revenuecat',
    caller: 'anyone',
    body: (ctx) => webhookEvent(ctx.victim.userId),
    bodySchema: revenueCatWebhookSchema,
  }),
  app({
    id: 'POST /api/webhooks/revenuecat [signed]',
    method: 'POST',
    path: '/api/webhooks/revenuecat',
    caller: 'anyone',
    weight: 1.5,
    trusted: true,
    headers: { authorization: TEST_WEBHOOK_AUTH },
    body: (ctx) => webhookEvent(ctx.webhookTargetId),
    bodySchema: revenueCatWebhookSchema,
  }),
  app({
    id: 'GET /api/wrapper-sim',
    method: 'GET',
    path: '/api/wrapper-sim',
    caller: 'anyone',
    wrapperSimulator: true,
    thisMachineOnly: true,
  }),
  app({
    id: 'POST /api/wrapper-sim/purchase',
    method: 'POST',
    path: '/api/wrapper-sim/purchase',
    caller: 'user',
    wrapperSimulator: true,
    thisMachineOnly: true,
    body: () => ({ productId: 'app.barback.pro.monthly' }),
    bodySchema: simulatedPurchaseSchema,
  }),
  app({
    id: 'POST /api/wrapper-sim/restore',
    method: 'POST',
    path: '/api/wrapper-sim/restore',
    caller: 'user',
    wrapperSimulator: true,
    thisMachineOnly: true,
    body: () => ({ receipts: [{ productId: 'app.barback.pro.monthly', appUserId: 'fuzz-other-device-user' }] }),
    bodySchema: simulatedRestoreSchema,
  }),
];
