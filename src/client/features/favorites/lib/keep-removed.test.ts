import { describe, expect, it } from 'vitest';
import { keepRemoved } from './keep-removed';

const item = (id: number) => ({ id });
const ids = (list: { id: number }[]) => list.map((entry) => entry.id);

describe('keepRemoved', () => {
  it('shows the fresh list as is when nothing was removed', () => {
    expect(ids(keepRemoved([item(3), item(2)], [item(4), item(3), item(2)]))).toEqual([4, 3, 2]);
  });

  it('puts a removed entry back at its old position', () => {
    expect(ids(keepRemoved([item(5), item(4), item(3)], [item(5), item(3)]))).toEqual([5, 4, 3]);
  });

  it('keeps several removed entries, the last one at the end', () => {
    expect(ids(keepRemoved([item(5), item(4), item(3)], [item(4)]))).toEqual([5, 4, 3]);
  });

  it('starts from the fresh list when nothing was on screen', () => {
    expect(ids(keepRemoved([], [item(1), item(2)]))).toEqual([1, 2]);
  });
});
