// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredFirstAnswer } from './use-deferred-first-answer';

type State = { status: 'loading' | 'signed-in' | 'signed-out' };
const answered = (state: State) => state.status !== 'loading';

/** Renders the hook over `states` in turn and returns what each render returned, in order. */
function rendersOver(states: [State, ...State[]]): string[] {
  const seen: string[] = [];
  const { rerender } = renderHook(
    ({ state }: { state: State }) => {
      const shown = useDeferredFirstAnswer(state, answered);
      seen.push(`${state.status}->${shown.status}`);
      return shown;
    },
    { initialProps: { state: states[0] } },
  );
  for (const state of states.slice(1)) rerender({ state });
  return seen;
}

describe('useDeferredFirstAnswer', () => {
  it('shows the loading value in the render that brings the first answer, and the answer in a render after it', () => {
    const seen = rendersOver([{ status: 'loading' }, { status: 'signed-in' }]);
    expect(seen[0]).toBe('loading->loading');
    expect(seen).toContain('signed-in->loading');
    expect(seen.at(-1)).toBe('signed-in->signed-in');
    expect(seen.indexOf('signed-in->loading')).toBeLessThan(seen.indexOf('signed-in->signed-in'));
  });

  it('passes every later change on in the very render that brings it', () => {
    const seen = rendersOver([{ status: 'loading' }, { status: 'signed-in' }, { status: 'signed-out' }]);
    const firstSignedOut = seen.findIndex((entry) => entry.startsWith('signed-out'));
    expect(seen[firstSignedOut]).toBe('signed-out->signed-out');
    expect(seen.filter((entry) => entry.startsWith('signed-out'))).not.toContain('signed-out->signed-in');
  });

  it('shows an answer present from the start at once', () => {
    expect(rendersOver([{ status: 'signed-out' }])).toEqual(['signed-out->signed-out']);
  });
});
