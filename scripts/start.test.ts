import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientBuildIsStale, newestMtime } from './start.mjs';

describe('clientBuildIsStale', () => {
  let dir: string;
  const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'barback-start-'));
    mkdirSync(path.join(dir, 'src', 'nested'), { recursive: true });
    mkdirSync(path.join(dir, 'dist'));
    writeFileSync(path.join(dir, 'src', 'nested', 'a.ts'), 'a');
    at(path.join(dir, 'src', 'nested', 'a.ts'), 1000);
    at(path.join(dir, 'src', 'nested'), 1000);
    at(path.join(dir, 'src'), 1000);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is stale when there is no build', () => {
    expect(clientBuildIsStale({ index: path.join(dir, 'dist', 'index.html'), sources: [path.join(dir, 'src')] })).toBe(
      true,
    );
  });

  it('is fresh when the build is newer than every source, and stale once a nested source changes', () => {
    const index = path.join(dir, 'dist', 'index.html');
    writeFileSync(index, '<html>');
    at(index, 2000);
    expect(clientBuildIsStale({ index, sources: [path.join(dir, 'src')] })).toBe(false);
    at(path.join(dir, 'src', 'nested', 'a.ts'), 3000);
    expect(newestMtime(path.join(dir, 'src'))).toBe(3_000_000);
    expect(clientBuildIsStale({ index, sources: [path.join(dir, 'src')] })).toBe(true);
  });
});
