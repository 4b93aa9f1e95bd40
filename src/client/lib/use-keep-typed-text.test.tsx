// @vitest-environment jsdom
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Input } from '@/client/components/ui/input';

/** A search field as the app's pages hold one: controlled, its text shown beside it. */
function Field() {
  const [text, setText] = useState('');
  return (
    <div>
      <Input aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
      <output>{text === '' ? 'nothing typed' : `searching ${text}`}</output>
    </div>
  );
}

beforeAll(() => {
  // Tells React this test drives it through act() (as Testing Library does for its own renders).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  document.body.replaceChildren();
});

/** The pre-rendered field in the page, as the server sent it, before any script ran. */
function serverPage(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Field />);
  document.body.append(container);
  return container;
}

describe('text typed before the page hydrated', () => {
  it('reaches the field once React takes it over', async () => {
    const container = serverPage();
    const input = container.querySelector('input') as HTMLInputElement;
    input.value = 'negroni';
    await act(async () => {
      hydrateRoot(container, <Field />);
    });
    expect(input.value).toBe('negroni');
    expect(container.querySelector('output')?.textContent).toBe('searching negroni');
  });

  it('changes nothing when nobody typed', async () => {
    const container = serverPage();
    await act(async () => {
      hydrateRoot(container, <Field />);
    });
    expect(container.querySelector('input')?.value).toBe('');
    expect(container.querySelector('output')?.textContent).toBe('nothing typed');
  });
});
