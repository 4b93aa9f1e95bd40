import fc from 'fast-check';
import { getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { CLASS_MERGE_GROUPS } from '@/client/lib/class-merge-groups';
import { cn, keepClassGroups } from '@/client/lib/utils';
import { classMergeGroupsModule, findAppClassNames, findClassMergeGroups } from './class-merge-groups';

describe('class merge groups (for the first paint: the class merger builds its map for the groups the app uses)', () => {
  it('the committed list is the one the sources give (else run `npm run class-merge-groups`)', () => {
    expect([...CLASS_MERGE_GROUPS]).toEqual(findClassMergeGroups());
  });

  it('the list holds the groups of the common utilities and fewer than half of all groups', () => {
    expect(CLASS_MERGE_GROUPS).toEqual(
      expect.arrayContaining(['p', 'px', 'bg-color', 'text-color', 'rounded', 'h', 'w']),
    );
    expect(CLASS_MERGE_GROUPS.length).toBeLessThan(Object.keys(getDefaultConfig().classGroups).length / 2);
  });

  it('cn merges any list of the app class names exactly as tailwind-merge with its full config', () => {
    const names = [...findAppClassNames().keys()];
    expect(names.length).toBeGreaterThan(300);
    for (const name of names) expect(cn(name)).toBe(twMerge(name));
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...names), { minLength: 2, maxLength: 5 }), (list) => {
        expect(cn(...list)).toBe(twMerge(...list));
      }),
      { numRuns: 5000 },
    );
  });

  it('the last utility of a group still wins, and conflicts across kept groups still resolve', () => {
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4');
    expect(cn('p-2', 'px-4')).toBe('p-2 px-4');
    expect(cn('px-4', 'p-2')).toBe('p-2');
    expect(cn('bg-surface text-muted', 'bg-accent')).toBe('text-muted bg-accent');
    expect(cn('hover:bg-red-500', 'hover:bg-accent')).toBe('hover:bg-accent');
  });

  it('a class of a group left out passes through unmerged, like a class that is not Tailwind', () => {
    expect(CLASS_MERGE_GROUPS).not.toContain('snap-type');
    expect(cn('snap-x', 'snap-y')).toBe('snap-x snap-y');
    expect(twMerge('snap-x', 'snap-y')).toBe('snap-y');
  });

  it('keepClassGroups keeps only the named groups and the conflicts among them', () => {
    const config = keepClassGroups(getDefaultConfig(), ['p', 'px', 'py', 'm']);
    expect(Object.keys(config.classGroups).sort()).toEqual(['m', 'p', 'px', 'py']);
    expect(config.conflictingClassGroups.p).toEqual(['px', 'py']);
    expect(config.conflictingClassGroups.m).toEqual([]);
    expect(config.conflictingClassGroupModifiers).toEqual({});
  });

  it('the generated module lists the groups one per line, sorted as given', () => {
    expect(classMergeGroupsModule(['a', 'b'])).toContain(
      "export const CLASS_MERGE_GROUPS: readonly string[] = [\n  'a',\n  'b',\n];",
    );
  });
});
