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
