// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '@/client/features/account/test/fake-api';
import { renderRoutes } from '@/client/test/render-routes';
import { jsonBody } from '@/client/test/handlers';
import { server } from '@/client/test/msw-server';
import type { CollectionDetail } from '@/shared/schemas/collections';
import { LAPSED_PLAN_TEXT } from '@/client/components/lapsed-plan-note';
import { CollectionPage } from './collection-page';

const detail = (shareSlug: string | null): CollectionDetail => ({
  id: 7,
  name: 'Keepers',
  description: '',
  itemCount: 0,
  shareSlug,
  coverIds: [],
  contains: false,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  items: [],
});

function renderCollection() {
  return renderRoutes(
    [
      {
        path: '/collections/:id',
        element: <CollectionPage userId="user-1" id={7} canWrite={false} lapsed recipeTo={(id) => `/recipe/${id}`} />,
      },
    ],
    '/collections/7',
    { providers: 'app' },
  ).router;
}

describe('a collection without the plan (lapsed)', () => {
  it('lets the owner turn sharing off, which the server allows', async () => {
    installFakeApi();
    const patches: unknown[] = [];
    let current = detail('abcdefghijklmnopqrstuv');
    server.use(
      http.get('/api/me/collections/7', () => jsonBody(current)),
      http.patch('/api/me/collections/7', async ({ request }) => {
        patches.push(await request.json());
        current = detail(null);
        return jsonBody(current);
      }),
    );
    const user = userEvent.setup();
    renderCollection();
    const toggle = await screen.findByRole('checkbox', { name: 'Share as a read-only link' });
    expect(toggle).toBeChecked();
    // The page says why adding is off, with the way back to the plan.
    expect(screen.getByRole('note', { name: LAPSED_PLAN_TEXT.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: LAPSED_PLAN_TEXT.upgrade })).toHaveAttribute(
      'href',
      '/upgrade?from=%2Fcollections%2F7',
    );
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    await waitFor(() => expect(patches).toEqual([{ shared: false }]));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Share as a read-only link' })).not.toBeChecked());
    // Sharing on again is a paid write: the switch stays off without the plan.
    expect(screen.getByRole('checkbox', { name: 'Share as a read-only link' })).toBeDisabled();
  });
});
