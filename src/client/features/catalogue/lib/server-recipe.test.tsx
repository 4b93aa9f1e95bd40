// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RECIPE_DATA_ID } from '@/shared/first-paint';
import {
  embeddedRecipe,
  hasEmbeddedRecipe,
  resetEmbeddedRecipe,
  ServerRecipeContext,
  useIsServerCheckedRecipe,
  useIsServerDrawnModal,
  useServerDrawnRecipe,
} from './server-recipe';

/** Writes the page as the server sends a deep link: the data block, and `#root` holding the drawn dialog or not. */
function page({ data, dialog }: { data: string | null; dialog: boolean }) {
  document.body.innerHTML = `<div id="root">${dialog ? '<div role="dialog" data-slot="dialog-content"></div>' : ''}</div>`;
  if (data !== null) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = RECIPE_DATA_ID;
    block.textContent = data;
    document.body.append(block);
  }
  resetEmbeddedRecipe();
}

afterEach(() => {
  document.body.innerHTML = '';
  resetEmbeddedRecipe();
});

describe('the recipe the server drew', () => {
  it('reads the embedded detail for its own cocktail only, and tells the modal it is drawn while #root holds it', () => {
    page({ data: JSON.stringify({ id: 12, name: 'Negroni' }), dialog: true });
    expect(hasEmbeddedRecipe()).toBe(true);
    expect(embeddedRecipe(12)).toEqual({ id: 12, name: 'Negroni' });
    expect(embeddedRecipe('13')).toBeUndefined();
    const drawn = renderHook(() => useIsServerDrawnModal('12'));
    expect(drawn.result.current).toBe(true);
    // Read once: the host that mounted over the drawn dialog keeps its answer after React has replaced the dialog.
    document.querySelector('[data-slot="dialog-content"]')?.remove();
    drawn.rerender();
    expect(drawn.result.current).toBe(true);
    expect(renderHook(() => useIsServerDrawnModal('12')).result.current).toBe(false);
    expect(renderHook(() => useIsServerDrawnModal('13')).result.current).toBe(false);
    expect(renderHook(() => useServerDrawnRecipe('12')).result.current).toEqual({ id: 12, name: 'Negroni' });
  });

  it('is not drawn once the dialog has left the page (closed, or drawn afresh), though the data stays usable', () => {
    page({ data: JSON.stringify({ id: 12, name: 'Negroni' }), dialog: false });
    expect(renderHook(() => useIsServerDrawnModal('12')).result.current).toBe(false);
    expect(renderHook(() => useServerDrawnRecipe('12')).result.current).toEqual({ id: 12, name: 'Negroni' });
  });

  it('ignores a broken data block or one without an id', () => {
    page({ data: '{not json', dialog: true });
    expect(hasEmbeddedRecipe()).toBe(false);
    page({ data: JSON.stringify({ name: 'No id' }), dialog: true });
    expect(hasEmbeddedRecipe()).toBe(false);
    expect(renderHook(() => useIsServerDrawnModal('12')).result.current).toBe(false);
  });

  it('on the server, answers from the recipe it renders with, not from the page', () => {
    page({ data: JSON.stringify({ id: 12, name: 'Negroni' }), dialog: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ServerRecipeContext.Provider value={{ id: '40', data: { id: 40, name: 'Gimlet' } }}>
        {children}
      </ServerRecipeContext.Provider>
    );
    expect(renderHook(() => useIsServerDrawnModal('40'), { wrapper }).result.current).toBe(true);
    expect(renderHook(() => useIsServerDrawnModal('12'), { wrapper }).result.current).toBe(false);
    expect(renderHook(() => useServerDrawnRecipe('40'), { wrapper }).result.current).toEqual({
      id: 40,
      name: 'Gimlet',
    });
    expect(renderHook(() => useServerDrawnRecipe(null), { wrapper }).result.current).toBeUndefined();
  });

  it('counts as checked only the very detail the server drew, not an equal copy nor another cocktail', () => {
    page({ data: JSON.stringify({ id: 12, name: 'Negroni' }), dialog: true });
    const drawn = embeddedRecipe(12);
    expect(renderHook(() => useIsServerCheckedRecipe(drawn)).result.current).toBe(true);
    expect(renderHook(() => useIsServerCheckedRecipe({ id: 12, name: 'Negroni' })).result.current).toBe(false);
    expect(renderHook(() => useIsServerCheckedRecipe(undefined)).result.current).toBe(false);
    const recipe = { id: 40, name: 'Gimlet' };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ServerRecipeContext.Provider value={{ id: '40', data: recipe }}>{children}</ServerRecipeContext.Provider>
    );
    expect(renderHook(() => useIsServerCheckedRecipe(recipe), { wrapper }).result.current).toBe(true);
    expect(renderHook(() => useIsServerCheckedRecipe(drawn), { wrapper }).result.current).toBe(false);
  });
});
