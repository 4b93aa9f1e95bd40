// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineStatusText } from '@/client/app/shell/offline-status';
import { LoadFailed } from './load-failed';

afterEach(() => vi.restoreAllMocks());

describe('LoadFailed offline', () => {
  it('adds that the page needs the network while the browser is offline, and drops it when back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<LoadFailed message="My Bar could not be loaded." onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'My Bar could not be loaded. You are offline: this needs the network.',
    );
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('alert')).toHaveTextContent(/^My Bar could not be loaded\.Retry$/);
  });
});

describe('offlineStatusText', () => {
  it('says nothing online with nothing waiting, and names what waits otherwise', () => {
    expect(offlineStatusText(true, 0)).toBe('');
    expect(offlineStatusText(false, 0)).toBe('Offline · showing what this device keeps');
    expect(offlineStatusText(false, 1)).toBe('Offline · 1 change waiting to sync');
    expect(offlineStatusText(false, 4)).toBe('Offline · 4 changes waiting to sync');
    expect(offlineStatusText(true, 2)).toBe('Syncing · 2 changes waiting to sync');
  });
});
