// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '@/client/lib/toast-events';
import { apiErrorBody, jsonBody } from '@/client/test/handlers';
import type { Signature } from '@/shared/schemas/venues';
import { MAX_IMAGE_BYTES } from '@/client/lib/image-file';
import { ingredientsHandler, installApi, PHOTO, signatureOf, SLUG, USER_ID } from '../test/venue-fixtures';
import { renderRoutes } from '@/client/test/render-routes';
import { SignaturesPanel } from './signatures-panel';

vi.mock('@/client/lib/toast-events', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/client/lib/toast-events')>()),
  showToast: vi.fn(),
}));

beforeEach(() => localStorage.clear());
afterEach(() => vi.mocked(showToast).mockClear());

const listHandler = (items: () => Signature[]) =>
  http.get(`/api/venues/${SLUG}/signatures`, () => jsonBody({ items: items() }));

/** A file of `size` bytes (the size is faked: nothing that large is allocated). */
function fileOf(name: string, type: string, size = 2048): File {
  const file = new File([new Uint8Array(16)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderPanel(canEdit = true) {
  renderRoutes([{ path: '/', element: <SignaturesPanel userId={USER_ID} slug={SLUG} canEdit={canEdit} /> }], '/', {
    session: false,
  });
}

describe('SignaturesPanel', () => {
  it('shows each recipe with its strength, ABV and lines, and its photo as a lazy <picture> sized by the photo', async () => {
    installApi(listHandler(() => [signatureOf({ photo: PHOTO }), signatureOf({ id: 901, name: 'Velvet Sour' })]));
    renderPanel(false);
    const card = (await screen.findByRole('heading', { name: 'House Negroni' })).closest('article') as HTMLElement;
    expect(within(card).getByText('Strong · 22.5% ABV · Rocks')).toBeInTheDocument();
    const lines = within(card).getByRole('list', { name: 'Ingredients of House Negroni' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '30 ml Gin',
      '30 ml Campari',
      '30 ml Sweet vermouth, a rich Italian one',
      '1 dash Orange bitters (optional)',
    ]);
    const image = within(card).getByRole('img', { name: 'House Negroni' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '1200');
    expect(image).toHaveAttribute('src', '/media/p/320.jpg');
    const sources = image.parentElement?.querySelectorAll('source') ?? [];
    expect([...sources].map((source) => [source.type, source.getAttribute('srcset')])).toEqual([
      ['image/webp', '/media/p/320.webp 320w, /media/p/640.webp 640w'],
      ['image/jpeg', '/media/p/320.jpg 320w, /media/p/640.jpg 640w'],
    ]);
    // The other has no photo (a placeholder, hidden from assistive tech); staff get no buttons.
    const other = screen.getByRole('heading', { name: 'Velvet Sour' }).closest('article') as HTMLElement;
    expect(within(other).queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('invites editors to write the first recipe when there is none', async () => {
    installApi(listHandler(() => []));
    renderPanel(true);
    expect(await screen.findByRole('button', { name: 'Write your first signature' })).toBeInTheDocument();
  });

  it('tells staff there is none yet, with nothing to press', async () => {
    installApi(listHandler(() => []));
    renderPanel(false);
    expect(
      await screen.findByText('No signature cocktails yet: the owner or a manager adds them.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('refuses a GIF and an 11 MB photo before sending anything, saying why', async () => {
    // applyAccept off: a browser's 'All files' choice (or a drop) can hand over any file.
    const user = userEvent.setup({ applyAccept: false });
    const api = installApi(listHandler(() => [signatureOf()]));
    renderPanel();
    const input = await screen.findByLabelText('Photo file for House Negroni');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(screen.getByRole('button', { name: 'Add photo of House Negroni' })).toBeInTheDocument();

    await user.upload(input, fileOf('party.gif', 'image/gif'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a JPEG, PNG or WebP image.');

    await user.upload(input, fileOf('huge.jpg', 'image/jpeg', 11 * 1024 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent('That image is over 10 MB. Choose a smaller one.');

    expect(api.calls('PUT')).toHaveLength(0);
  });

  it('uploads a JPEG as the request body, shows it while busy, and then the photo', async () => {
    const user = userEvent.setup();
    let stored: Signature = signatureOf();
    let contentType: string | null = null;
    let release: () => void = () => {};
    installApi(
      listHandler(() => [stored]),
      http.put(`/api/venues/${SLUG}/signatures/900/photo`, async ({ request }) => {
        contentType = request.headers.get('Content-Type');
        await new Promise<void>((done) => {
          release = done;
        });
        stored = signatureOf({ photo: PHOTO });
        return jsonBody(stored);
      }),
    );
    renderPanel();
    const input = await screen.findByLabelText('Photo file for House Negroni');
    await user.upload(input, fileOf('negroni.jpg', 'image/jpeg', MAX_IMAGE_BYTES));
    const busy = await screen.findByRole('button', { name: 'Uploading…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    release();
    expect(await screen.findByRole('img', { name: 'House Negroni' })).toBeInTheDocument();
    expect(contentType).toBe('image/jpeg');
    expect(screen.getByRole('button', { name: 'Replace photo of House Negroni' })).toBeInTheDocument();
    expect(showToast).toHaveBeenCalledWith({ title: 'Photo saved', variant: 'success' });
  });

  it("shows the server's refusal of a photo", async () => {
    const user = userEvent.setup();
    installApi(
      listHandler(() => [signatureOf()]),
      http.put(`/api/venues/${SLUG}/signatures/900/photo`, () =>
        apiErrorBody(400, 'IMAGE_INVALID', 'That image could not be read; it may be damaged.'),
      ),
    );
    renderPanel();
    await user.upload(await screen.findByLabelText('Photo file for House Negroni'), fileOf('a.png', 'image/png'));
    expect(await screen.findByRole('alert')).toHaveTextContent('That image could not be read; it may be damaged.');
  });

  it('deletes a recipe after a confirmation, then focuses the heading', async () => {
    const user = userEvent.setup();
    let items = [signatureOf(), signatureOf({ id: 901, name: 'Velvet Sour' })];
    const api = installApi(
      ingredientsHandler(),
      listHandler(() => items),
      http.delete(`/api/venues/${SLUG}/signatures/900`, () => {
        items = items.filter((item) => item.id !== 900);
        return new Response(null, { status: 204 });
      }),
    );
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delete House Negroni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete House Negroni?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'House Negroni' })).toBeNull());
    expect(api.calls(`DELETE /api/venues/${SLUG}/signatures/900`)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Velvet Sour' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Signature cocktails' })).toHaveFocus());
    expect(showToast).toHaveBeenCalledWith({ title: 'House Negroni deleted', variant: 'success' });
  });
});
