// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AGE_VERIFIED_KEY } from '@/client/app/shell/age-gate-state';
import { AgeGate } from './age-gate';

function renderGate() {
  return render(
    <AgeGate>
      <p>Behind the bar</p>
    </AgeGate>,
  );
}

beforeEach(() => localStorage.clear());

describe('AgeGate', () => {
  it('asks first, in a dialog titled Age Verification, with the first button focused', () => {
    renderGate();
    const dialog = screen.getByRole('dialog', { name: 'Age Verification' });
    expect(dialog.textContent).toContain('21+ in the U.S.');
    expect(screen.queryByText('Behind the bar')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, I am of legal age' }));
    expect(screen.getByRole('button', { name: 'No' })).toBeInTheDocument();
  });

  it("'Yes, I am of legal age' stores bb:age-verified = v1 and shows the app", async () => {
    const user = userEvent.setup();
    renderGate();
    await user.click(screen.getByRole('button', { name: 'Yes, I am of legal age' }));
    expect(localStorage.getItem(AGE_VERIFIED_KEY)).toBe('v1');
    expect(screen.getByText('Behind the bar')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the Enter key confirms', async () => {
    const user = userEvent.setup();
    renderGate();
    await user.keyboard('{Enter}');
    expect(localStorage.getItem(AGE_VERIFIED_KEY)).toBe('v1');
    expect(screen.getByText('Behind the bar')).toBeInTheDocument();
  });

  it("'No' blocks with a message and stores nothing, so the gate asks again next time", async () => {
    const user = userEvent.setup();
    const first = renderGate();
    await user.click(screen.getByRole('button', { name: 'No' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('must be of legal drinking age');
    expect(alert.textContent).toContain('close');
    expect(screen.queryByRole('button', { name: 'Yes, I am of legal age' })).toBeNull();
    await user.keyboard('{Enter}');
    expect(screen.queryByText('Behind the bar')).toBeNull();
    expect(localStorage.getItem(AGE_VERIFIED_KEY)).toBeNull();

    first.unmount();
    renderGate();
    expect(screen.getByRole('button', { name: 'Yes, I am of legal age' })).toBeInTheDocument();
  });

  it('Escape does not dismiss the gate', async () => {
    const user = userEvent.setup();
    renderGate();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Age Verification' })).toBeInTheDocument();
  });

  it('is skipped once verified, and an unknown marker value does not count', () => {
    localStorage.setItem(AGE_VERIFIED_KEY, 'v0');
    const first = renderGate();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    first.unmount();
    localStorage.setItem(AGE_VERIFIED_KEY, 'v1');
    renderGate();
    expect(screen.getByText('Behind the bar')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
