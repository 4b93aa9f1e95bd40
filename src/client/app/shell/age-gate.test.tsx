// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGE_GATE_ID_PREFIX, AGE_VERIFIED_ATTRIBUTE } from '@/shared/first-paint';
import { AGE_VERIFIED_KEY, isAgeVerified } from './age-gate-state';
import { AgeGate } from './age-gate';
import { mountAgeGate } from './age-gate-root';

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute(AGE_VERIFIED_ATTRIBUTE);
});
afterEach(() => {
  document.body.replaceChildren();
});

describe('AgeGate', () => {
  it('asks first, in a modal dialog titled Age Verification, with the first button focused', () => {
    render(<AgeGate onConfirm={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Age Verification' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/21\+ in the U\.S\./);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, I am of legal age' }));
    expect(screen.getByRole('button', { name: 'No' })).toBeInTheDocument();
  });

  it("'Yes, I am of legal age' confirms, and so does Enter anywhere but on 'No'", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<AgeGate onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Yes, I am of legal age' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it("'No' blocks with a message; Enter then confirms nothing and Escape does not dismiss", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<AgeGate onConfirm={onConfirm} />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Age Verification' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'No' }).focus();
    await user.keyboard('{Enter}');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('must be of legal drinking age');
    expect(alert.textContent).toContain('close');
    expect(screen.queryByRole('button', { name: 'Yes, I am of legal age' })).toBeNull();
    await user.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('mountAgeGate', () => {
  it('hydrates the pre-rendered gate; Yes stores v1, marks <html> and starts the app once', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<AgeGate onConfirm={() => {}} />, { identifierPrefix: AGE_GATE_ID_PREFIX });
    document.body.append(container);
    const pressed = container.querySelector('[data-testid="age-gate-yes"]');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onConfirmed = vi.fn();
    await act(async () => mountAgeGate(container, onConfirmed));
    // Hydration keeps the server's nodes (a re-render would have replaced them) and reports no mismatch.
    expect(container.querySelector('[data-testid="age-gate-yes"]')).toBe(pressed);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    // React has the gate now: the first-paint script stands down.
    expect(container).toHaveAttribute('data-live');
    expect(isAgeVerified()).toBe(false);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Yes, I am of legal age' }));
    await user.keyboard('{Enter}');
    expect(localStorage.getItem(AGE_VERIFIED_KEY)).toBe('v1');
    expect(isAgeVerified()).toBe(true);
    expect(document.documentElement.hasAttribute(AGE_VERIFIED_ATTRIBUTE)).toBe(true);
    expect(onConfirmed).toHaveBeenCalledTimes(1);
    await act(async () => {});
    expect(container.childElementCount).toBe(0);
  });

  it('renders the gate into an empty container, and only the exact marker v1 counts as verified', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => mountAgeGate(container, () => {}));
    expect(screen.getByRole('dialog', { name: 'Age Verification' })).toBeInTheDocument();
    localStorage.setItem(AGE_VERIFIED_KEY, 'v0');
    expect(isAgeVerified()).toBe(false);
  });
});
