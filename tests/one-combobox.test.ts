import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = path.resolve(import.meta.dirname, '..', 'src', 'client');

/** The client's component sources, tests left out. */
function componentsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return componentsUnder(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * The combobox pattern's own attributes, written by hand. They come from Downshift's prop getters through
 * components/use-list-combobox.ts (docs/decisions/009-one-combobox-on-downshift.md); a field that sets them itself is a
 * second, hand-made combobox.
 */
const HAND_MADE = [
  /role=["{']+(combobox|listbox|option)\b/,
  /role:\s*'(combobox|listbox|option)'/,
  /aria-activedescendant/,
  /['"]aria-autocomplete['"]|aria-autocomplete=/,
];

describe('one combobox', () => {
  it('no client component sets the combobox, listbox or option roles by hand', () => {
    const others = componentsUnder(CLIENT).filter(
      (file) => !file.endsWith(path.join('components', 'use-list-combobox.ts')),
    );
    const found = others.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          HAND_MADE.some((pattern) => pattern.test(line))
            ? [`${path.relative(CLIENT, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
