import { describe, expect, it } from 'vitest';
import { RECIPE_SHEET_ID } from '@/shared/first-paint';
import { allowConsoleError } from './test/console-error';
import { negroniDetail } from './test/fixtures';
import { renderRecipeSheet } from './server-render';

describe('renderRecipeSheet (a deep link drawn by the server)', () => {
  it('draws the recipe in a named dialog whose close is a link back to the page, with no script', async () => {
    const html = await renderRecipeSheet(negroniDetail, '/?q=gin');
    expect(html.startsWith(`<div id="${RECIPE_SHEET_ID}"`)).toBe(true);
    expect(html).toContain('role="dialog" aria-modal="true" aria-label="Negroni"');
    expect(html).toMatch(/<h2[^>]*>Negroni<\/h2>/);
    expect(html).toContain(negroniDetail.description);
    expect(html.match(/30 ml/g)).toHaveLength(3);
    expect(html).toContain('<a href="/?q=gin" aria-label="Close"');
    expect(html).not.toContain('<script');
  });

  it('throws for a detail that is not a full recipe (the server then sends the page without it)', async () => {
    allowConsoleError();
    await expect(renderRecipeSheet({ name: 'Half' }, '/')).rejects.toThrow(/malformed/);
  });
});
