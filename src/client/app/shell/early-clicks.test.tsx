// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CLICKS_PROPERTY } from '@/shared/first-paint';
import { replayEarlyClicks } from './early-clicks';

const holder = () => document.documentElement as unknown as Record<string, unknown>;

/** Marks `element` as React marks the nodes it has hydrated (its props on the node). */
const hydrate = (element: Element) => Object.assign(element, { __reactProps$test: {} });

afterEach(() => {
  document.body.replaceChildren();
  delete holder()[EARLY_CLICKS_PROPERTY];
});

describe('replayEarlyClicks', () => {
  it('presses each remembered button as a whole tap, in order: down, up, click', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const seen: string[] = [];
    const buttons = ['first', 'second'].map((name) => {
      const button = document.createElement('button');
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
        button.addEventListener(type, (event) => seen.push(`${name}:${type}:${(event as MouseEvent).button}`));
      }
      container.append(hydrate(button));
      return button;
    });
    holder()[EARLY_CLICKS_PROPERTY] = [...buttons];
    replayEarlyClicks(container);
    const expected = ['first', 'second'].flatMap((name) =>
      [...(typeof PointerEvent === 'function' ? ['pointerdown'] : []), 'mousedown']
        .concat(typeof PointerEvent === 'function' ? ['pointerup'] : [], 'mouseup', 'click')
        .map((type) => `${name}:${type}:0`),
    );
    expect(seen).toEqual(expected);
    expect(holder()[EARLY_CLICKS_PROPERTY]).toBeUndefined();
  });

  it('drops taps on buttons no longer in the page or outside the container, and takes the list once', () => {
    const container = document.createElement('div');
    document.body.append(container);
    let clicks = 0;
    const gone = document.createElement('button');
    const outside = document.createElement('button');
    document.body.append(outside);
    const kept = document.createElement('button');
    container.append(hydrate(kept));
    hydrate(gone);
    hydrate(outside);
    for (const button of [gone, outside, kept]) button.addEventListener('click', () => (clicks += 1));
    holder()[EARLY_CLICKS_PROPERTY] = [gone, outside, kept];
    replayEarlyClicks(container);
    replayEarlyClicks(container);
    expect(clicks).toBe(1);
  });

  it('waits for React to hydrate a tapped button before pressing it', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    let clicks = 0;
    const waiting = document.createElement('button');
    waiting.addEventListener('click', () => (clicks += 1));
    container.append(waiting);
    holder()[EARLY_CLICKS_PROPERTY] = [waiting];
    // Fake timers: the replay polls for hydration every 16 ms; the test moves the clock instead of sleeping.
    vi.useFakeTimers();
    try {
      replayEarlyClicks(container);
      await vi.advanceTimersByTimeAsync(60);
      expect(clicks).toBe(0);
      hydrate(waiting);
      await vi.advanceTimersByTimeAsync(60);
      expect(clicks).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
