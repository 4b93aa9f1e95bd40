/**
 * Resolves in a new task (a zero-delay timer), so the browser can paint and handle input between two long pieces of
 * start-up work instead of running them as one long task (each task over 50 ms on a slow phone counts as
 * blocking time). Never rejects.
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

/**
 * Imports modules in steps, each step's evaluation in a task of its own: `steps` one after another with
 * {@link yieldToMain} between them, then `last`, whose result it returns. A module is evaluated once, when first
 * imported, so importing a page's heavy dependencies first (the schemas, with the parts of zod they use) splits what would
 * be one long evaluation task at start into shorter ones (Total Blocking Time). Import the modules that use
 * a library, not the library itself: a dynamic import of a whole package keeps all of it in the build.
 * @throws whatever a step's or `last`'s import throws (a network failure); later steps are then not run.
 */
export async function importInSteps<T>(steps: (() => Promise<unknown>)[], last: () => Promise<T>): Promise<T> {
  for (const step of steps) {
    await step();
    await yieldToMain();
  }
  return last();
}

/**
 * Runs `work` in a later task (a zero-delay timer) instead of the current one, for start-up work that nothing on screen
 * waits for (analytics, a page view's record): effects of the first commit all run in one task after it, so work moved
 * out of them shortens the longest task of a page's start (Total Blocking Time).
 * @param work what to run; an exception it throws surfaces as an uncaught error of its own task
 * @returns a cancel function: called before `work` has run, `work` never runs (an effect's cleanup)
 */
export function runSoon(work: () => void): () => void {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
