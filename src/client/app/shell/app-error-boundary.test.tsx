// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@/client/test/console-error';
import { SectionBoundary } from '@/client/components/section-boundary';
import { AppErrorBoundary } from './app-error-boundary';

let shouldThrow = true;
function Flaky({ error = new Error('Shaker lid stuck') }: { error?: unknown }) {
  if (shouldThrow) throw error;
  return <p>Recovered</p>;
}

beforeEach(() => {
  shouldThrow = true;
  // Every test here throws inside a boundary on purpose, and the boundaries (and React) report it with console.error.
  allowConsoleError();
});

describe('AppErrorBoundary', () => {
  it('shows the error screen with the message and three buttons', () => {
    render(
      <AppErrorBoundary>
        <Flaky />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText("We're sorry, but something unexpected happened. Please try again.")).toBeInTheDocument();
    expect(screen.getByText('Shaker lid stuck')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again (3 attempts left)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  });

  it("says 'An unknown error occurred' when the thrown value has no message", () => {
    render(
      <AppErrorBoundary>
        <Flaky error={{}} />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('An unknown error occurred')).toBeInTheDocument();
  });

  it('Try Again re-renders the children and counts down; after 3 retries it reloads instead', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    render(
      <AppErrorBoundary reload={reload}>
        <Flaky />
      </AppErrorBoundary>,
    );
    for (const name of ['Try Again (3 attempts left)', 'Try Again (2 attempts left)', 'Try Again (1 attempt left)']) {
      await user.click(screen.getByRole('button', { name }));
    }
    expect(reload).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try Again (0 attempts left)' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('Try Again shows the app again once the problem is gone', async () => {
    const user = userEvent.setup();
    render(
      <AppErrorBoundary>
        <Flaky />
      </AppErrorBoundary>,
    );
    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Try Again (3 attempts left)' }));
    expect(screen.getByText('Recovered')).toBeInTheDocument();
  });

  it('Go Home and Reload Page call their actions', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    const goHome = vi.fn();
    render(
      <AppErrorBoundary reload={reload} goHome={goHome}>
        <Flaky />
      </AppErrorBoundary>,
    );
    await user.click(screen.getByRole('button', { name: 'Go Home' }));
    await user.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(goHome).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('SectionBoundary', () => {
  it('replaces only the failing section with its message', () => {
    render(
      <div>
        <p>Header still here</p>
        <SectionBoundary name="Cocktail grid">
          <Flaky />
        </SectionBoundary>
      </div>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Section "Cocktail grid" failed. See console.');
    expect(screen.getByText('Header still here')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });
});
