/**
 * The whole number a command line gives as `--<name> N` or `--<name>=N`, or `fallback` when the flag is absent
 * (the generator scripts' sizes).
 * @throws Error naming the flag and its range when the value is not a whole number from `min` to `max`
 */
export function wholeNumberFlag(
  argv: readonly string[],
  name: string,
  { fallback, min, max }: { fallback: number; min: number; max: number },
): number {
  const flag = `--${name}`;
  const index = argv.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (index === -1) return fallback;
  const raw = argv[index]?.includes('=') ? argv[index]?.split('=')[1] : argv[index + 1];
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = `${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
    throw new Error(`${flag} must be a whole number from ${range}, got ${raw ?? 'nothing'}`);
  }
  return value;
}
