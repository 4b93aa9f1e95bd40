// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emitToast } from '@/client/lib/toast-events';
import { sessionHandler } from '@/client/test/handlers';
import { server } from '@/client/test/msw-server';
import { Providers } from './providers';

describe('toasts', () => {
  it('loads the Toaster on the first toast and shows that toast (bb:toast event)', async () => {
    server.use(sessionHandler(() => null));
    render(
      <Providers>
        <p>page</p>
      </Providers>,
    );
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    emitToast({ title: 'Purchases restored', variant: 'success' });
    expect(await screen.findByText('Purchases restored')).toBeTruthy();
    emitToast({ title: 'Second toast' });
    expect(await screen.findByText('Second toast')).toBeTruthy();
  });
});
