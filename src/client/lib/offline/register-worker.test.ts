import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasterMounted, type ToastApi } from '@/client/lib/toast-events';

/** workbox-window's Workbox as the page sees it: events, register() and messageSkipWaiting(). */
class FakeWorkbox {
  static last: FakeWorkbox | null = null;
  /** Registration refused (e.g. a SecurityError) for the next Workbox made. */
  static refuse = false;
  readonly listeners = new Map<string, (() => void)[]>();
  readonly messageSkipWaiting = vi.fn();
  constructor(
    readonly url: string,
    readonly options: { scope: string },
  ) {
    FakeWorkbox.last = this;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  register = vi.fn(async () => {
    if (FakeWorkbox.refuse) throw new Error('SecurityError');
    return {};
  });
}

vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }));

const { registerWorker, REGISTER_AFTER_LOAD_MS, UPDATE_ACTION_TEXT, UPDATE_READY_TEXT } =
  await import('./register-worker');

type ToastOptions = { action: { label: string; onClick: () => void } };

/** A window whose navigator has (or lacks) service workers and whose reload is recorded. */
function fakeWindow(withWorkers = true) {
  const reload = vi.fn();
  const persist = vi.fn(async () => true);
  const navigator = withWorkers ? { serviceWorker: {}, storage: { persist } } : {};
  const win = { navigator, location: { reload } } as unknown as Window;
  return { win, reload, persist };
}

describe('registerWorker', () => {
  afterEach(() => {
    FakeWorkbox.last = null;
    FakeWorkbox.refuse = false;
  });

  it('registers /sw.js for the whole app and asks to keep its storage', async () => {
    const { win, persist } = fakeWindow();
    expect(await registerWorker(win)).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
    expect(FakeWorkbox.last?.url).toBe('/sw.js');
    expect(FakeWorkbox.last?.options).toEqual({ scope: '/' });
    expect(FakeWorkbox.last?.register).toHaveBeenCalledOnce();
  });

  it('does nothing where the browser has no service workers', async () => {
    const { win } = fakeWindow(false);
    expect(await registerWorker(win)).toBe(false);
    expect(FakeWorkbox.last).toBeNull();
  });

  it("offers 'Reload to update' when a new version waits, and reloads only after the user takes it", async () => {
    const toast = vi.fn();
    toasterMounted(toast as unknown as ToastApi);
    const { win, reload } = fakeWindow();
    await registerWorker(win);
    const workbox = FakeWorkbox.last as FakeWorkbox;
    expect(toast).not.toHaveBeenCalled();

    workbox.emit('waiting');
    expect(toast).toHaveBeenCalledWith(UPDATE_READY_TEXT, expect.objectContaining({ duration: Infinity }));
    const options = toast.mock.calls[0]?.[1] as ToastOptions;
    expect(options.action.label).toBe(UPDATE_ACTION_TEXT);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();

    options.action.onClick();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    workbox.emit('controlling');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('answers false when registration fails (the page goes on without offline support)', async () => {
    FakeWorkbox.refuse = true;
    const { win } = fakeWindow();
    expect(await registerWorker(win)).toBe(false);
    expect(FakeWorkbox.last?.register).toHaveBeenCalledOnce();
  });
});

describe('registerWorkerAfterLoad', () => {
  /** A window that is an event target, with timers and an idle callback that runs at once. */
  function loadingWindow() {
    const target = new EventTarget() as EventTarget & Record<string, unknown>;
    const { win } = fakeWindow();
    Object.assign(target, {
      navigator: win.navigator,
      location: win.location,
      setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
      clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
      requestIdleCallback: (run: () => void) => run(),
    });
    return target as unknown as Window;
  }

  afterEach(async () => {
    // A registration still settling must not reach the next test.
    await vi.advanceTimersByTimeAsync(1000);
    vi.useRealTimers();
    vi.unstubAllEnvs();
    FakeWorkbox.last = null;
  });

  it('waits for load, then registers at the first touch of the page, once', async () => {
    vi.stubEnv('PROD', true);
    vi.useFakeTimers();
    const { registerWorkerAfterLoad } = await import('./register-worker');
    const win = loadingWindow();
    const doc = { readyState: 'loading' } as Document;
    registerWorkerAfterLoad(win, doc);
    win.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorkbox.last).toBeNull();
    win.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorkbox.last).toBeNull();
    win.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWorkbox.last?.url).toBe('/sw.js');
    const first = FakeWorkbox.last;
    win.dispatchEvent(new Event('wheel'));
    await vi.advanceTimersByTimeAsync(REGISTER_AFTER_LOAD_MS);
    expect(FakeWorkbox.last).toBe(first);
  });

  it("registers 10 s after load when nobody touched the page; the page's own scrolling does not count", async () => {
    vi.stubEnv('PROD', true);
    vi.useFakeTimers();
    const { registerWorkerAfterLoad } = await import('./register-worker');
    const win = loadingWindow();
    registerWorkerAfterLoad(win, { readyState: 'complete' } as Document);
    win.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(REGISTER_AFTER_LOAD_MS - 1);
    expect(FakeWorkbox.last).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(FakeWorkbox.last?.url).toBe('/sw.js'));
  });

  it('does nothing in a development build', async () => {
    vi.stubEnv('PROD', false);
    vi.useFakeTimers();
    const { registerWorkerAfterLoad } = await import('./register-worker');
    registerWorkerAfterLoad(loadingWindow(), { readyState: 'complete' } as Document);
    await vi.advanceTimersByTimeAsync(REGISTER_AFTER_LOAD_MS * 2);
    expect(FakeWorkbox.last).toBeNull();
  });
});
