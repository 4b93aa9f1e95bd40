// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAR_VIEWPORT_MARGIN, REVEALS_PER_FRAME, useNearViewport } from './use-near-viewport';

/**
 * jsdom has no IntersectionObserver; this one holds what a browser's would (its callback, options and observed elements)
 * and lets a test say when an element comes near, as the browser would after a scroll.
 */
class TestIntersectionObserver {
  static instances: TestIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    TestIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  /** Reports each element as intersecting or not, in one callback (as one frame's observations arrive). */
  report(changes: [Element, boolean][]) {
    const entries = changes.map(
      ([target, isIntersecting]) => ({ target, isIntersecting }) as unknown as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function Part({ name, enabled }: { name: string; enabled: boolean }) {
  const [ref, near] = useNearViewport(enabled);
  return (
    <div ref={ref} data-testid={name}>
      {near ? `${name} drawn` : `${name} waiting`}
    </div>
  );
}

const observer = () => TestIntersectionObserver.instances[0]!;

describe('useNearViewport without IntersectionObserver', () => {
  it('draws at once (jsdom, old browsers)', () => {
    render(<Part name="card" enabled />);
    expect(screen.getByText('card drawn')).toBeInTheDocument();
  });
});

describe('useNearViewport', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    Object.assign(globalThis, { IntersectionObserver: TestIntersectionObserver });
  });
  afterAll(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('waits until the element comes near, then draws it for good', async () => {
    const { rerender } = render(
      <>
        <Part name="first" enabled />
        <Part name="second" enabled />
        <Part name="third" enabled />
      </>,
    );
    expect(screen.getByText('first waiting')).toBeInTheDocument();
    expect(TestIntersectionObserver.instances).toHaveLength(1); // one observer for every part
    expect(observer().options.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);
    const [first, second, third] = ['first', 'second', 'third'].map((name) => screen.getByTestId(name));
    expect([...observer().observed]).toEqual([first, second, third]);

    await act(async () =>
      observer().report([
        [first!, true],
        [second!, true],
        [third!, false],
      ]),
    );
    expect(screen.getByText('first drawn')).toBeInTheDocument();
    expect(screen.getByText('second drawn')).toBeInTheDocument();
    expect(screen.getByText('third waiting')).toBeInTheDocument();
    expect([...observer().observed]).toEqual([third]); // drawn parts are no longer watched

    // Scrolled away again: what was drawn stays drawn.
    await act(async () => observer().report([[first!, false]]));
    expect(screen.getByText('first drawn')).toBeInTheDocument();

    rerender(<Part name="first" enabled />);
    expect(observer().observed.size).toBe(0); // an unmounted part stops being watched
  });

  it(`draws many parts that came near together ${REVEALS_PER_FRAME} a frame, in their order`, async () => {
    const names = ['a', 'b', 'c', 'd', 'e'];
    render(
      <>
        {names.map((name) => (
          <Part key={name} name={name} enabled />
        ))}
      </>,
    );
    const drawn = () => names.filter((name) => screen.queryByText(`${name} drawn`) !== null);
    await act(async () => observer().report(names.map((name) => [screen.getByTestId(name), true])));
    expect(drawn()).toEqual(names.slice(0, REVEALS_PER_FRAME));
    await waitFor(() => expect(drawn()).toEqual(names));
  });

  it('draws at once when not enabled, and keeps it drawn when enabled later', () => {
    const { rerender } = render(<Part name="card" enabled={false} />);
    expect(screen.getByText('card drawn')).toBeInTheDocument();
    rerender(<Part name="card" enabled />);
    expect(screen.getByText('card drawn')).toBeInTheDocument();
    expect(observer().observed.size).toBe(0);
  });
});
