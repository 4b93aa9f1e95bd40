/**
 * Resolves in a new task (a zero-delay timer), so the browser can paint and handle input between two long pieces of
 * start-up work instead of running them as one long task (issue 12: each task over 50 ms on a slow phone counts as
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
 * be one long evaluation task at start into shorter ones (issue 12, Total Blocking Time). Import the modules that use
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
