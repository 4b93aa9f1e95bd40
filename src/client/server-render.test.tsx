import { describe, expect, it } from 'vitest';
import { negroniDetail } from './test/fixtures';
import { renderRecipePage } from './server-render';

describe('renderRecipePage (a deep link drawn by the server)', () => {
  it('draws the home page with the recipe open in a named dialog whose close is a link back to the page', async () => {
    const html = await renderRecipePage(negroniDetail, `http://localhost/?q=gin&recipe=${negroniDetail.id}`);
    // The page under the modal: the home page's hero and search box, holding the page's search text.
    expect(html).toContain('id="home-title"');
    expect(html).toMatch(/<input[^>]*value="gin"/);
    // The modal, in place (not portalled), open, without an entrance animation, with the recipe.
    const dialog = /<div role="dialog"[^>]*>/.exec(html)?.[0] ?? '';
    expect(dialog).toContain('data-state="open"');
    expect(dialog).not.toContain('animate-pop-in');
    expect(html).toMatch(/<h2[^>]*>Negroni<\/h2>/);
    expect(html).toContain(negroniDetail.description);
    expect(html.match(/30 ml/g)).toHaveLength(3);
    expect(html).toContain('<a href="/?q=gin" data-slot="dialog-close" aria-label="Close"');
    expect(html).not.toContain('<script');
  });

  it('throws for a detail that fails the modal shape check (the server then sends the page without it)', async () => {
    await expect(renderRecipePage({ id: 1, name: 'Half' } as never, 'http://localhost/?recipe=1')).rejects.toThrow(
      /shape check/,
    );
  });
});
