import { describe, expect, it } from 'vitest';
import { importInSteps, runSoon, yieldToMain } from './yield-to-main';

describe('importInSteps', () => {
  it('runs each step in a task of its own, in order, then returns what the last one gives', async () => {
    const order: string[] = [];
    // A task queued before the chain: it runs between the first and the second step, never inside one.
    setTimeout(() => order.push('other task'), 0);
    const result = await importInSteps(
      [async () => order.push('schemas'), async () => order.push('dialog')],
      async () => {
        order.push('page');
        return 'page module';
      },
    );
    expect(result).toBe('page module');
    expect(order).toEqual(['schemas', 'other task', 'dialog', 'page']);
  });

  it('stops at a step that fails and passes its error on', async () => {
    const ran: string[] = [];
    await expect(
      importInSteps([() => Promise.reject(new Error('offline'))], async () => ran.push('page')),
    ).rejects.toThrow('offline');
    expect(ran).toEqual([]);
  });
});

describe('runSoon', () => {
  it('runs the work in a later task, not in the current one', async () => {
    const order: string[] = [];
    runSoon(() => order.push('work'));
    order.push('rest of this task');
    expect(order).toEqual(['rest of this task']);
    await yieldToMain();
    expect(order).toEqual(['rest of this task', 'work']);
  });

  it('never runs the work once cancelled', async () => {
    const ran: string[] = [];
    const cancel = runSoon(() => ran.push('work'));
    cancel();
    await yieldToMain();
    await yieldToMain();
    expect(ran).toEqual([]);
  });
});
