import { vi } from 'vitest';
import { INFINITE_SCROLL_ROOT_MARGIN } from '@/client/features/catalogue/hooks/use-infinite-scroll';

/**
 * jsdom has no IntersectionObserver: this one stands in for the browser's. Like the real one it reports the marker's
 * state once right after `observe`; `nearEnd` says whether the marker is within the observer's margin of the viewport.
 * A page may have two kinds: the paging marker's (one per list, {@link INFINITE_SCROLL_ROOT_MARGIN}) and the one the cards'
 * artwork shares (useNearViewport); `paging()` is the live ones of the first kind.
 */
export class TestIntersectionObserver {
  static live = new Set<TestIntersectionObserver>();
  static nearEnd = false;
  static margins: string[] = [];
  private targets = new Set<Element>();
  private readonly margin: string;

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.margin = options?.rootMargin ?? '';
    TestIntersectionObserver.margins.push(this.margin);
    TestIntersectionObserver.live.add(this);
  }

  /** The paging markers' observers still watching. */
  static paging() {
    return [...TestIntersectionObserver.live].filter((observer) => observer.margin === INFINITE_SCROLL_ROOT_MARGIN);
  }

  observe(target: Element) {
    this.targets.add(target);
    queueMicrotask(() => this.report());
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    TestIntersectionObserver.live.delete(this);
  }
  takeRecords() {
    return [];
  }
  report() {
    if (!TestIntersectionObserver.live.has(this)) return;
    const entries = [...this.targets].map(
      (target) => ({ target, isIntersecting: TestIntersectionObserver.nearEnd }) as IntersectionObserverEntry,
    );
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }

  /** Starts a test with no observer, the marker far from the viewport, and this class as the global IntersectionObserver
   * (undo with `vi.unstubAllGlobals()`). */
  static install() {
    TestIntersectionObserver.live.clear();
    TestIntersectionObserver.nearEnd = false;
    TestIntersectionObserver.margins = [];
    vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
  }

  /** The user scrolls: the marker comes (or not) within the margin. */
  static scroll(nearEnd: boolean) {
    TestIntersectionObserver.nearEnd = nearEnd;
    for (const observer of [...TestIntersectionObserver.live]) observer.report();
  }
}
