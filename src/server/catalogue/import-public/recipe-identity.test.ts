import { describe, expect, it } from 'vitest';
import { DrinkIndex, keptApartFrom, keptApartName } from './recipe-identity';

describe('a recipe kept apart from another drink of its name', () => {
  it("is named after its dataset, numbered from the second, and cut to the catalogue's 80 characters", () => {
    expect(keptApartName('Moscow Mule', 'Bar Assistant', 1)).toBe('Moscow Mule (Bar Assistant)');
    expect(keptApartName('Moscow Mule', 'Bar Assistant', 3)).toBe('Moscow Mule (Bar Assistant) 3');
    const long = keptApartName('A'.repeat(90), 'IBA', 2);
    expect(long).toHaveLength(80);
    expect(long.endsWith('A (IBA) 2')).toBe(true);
  });

  it('is read back to the name it was kept apart from, for its own dataset only', () => {
    expect(keptApartFrom('Moscow Mule (Bar Assistant)', 'Bar Assistant')).toBe('Moscow Mule');
    expect(keptApartFrom('Negroni (IBA) 2', 'IBA')).toBe('Negroni');
    expect(keptApartFrom('Negroni (IBA)', 'Bar Assistant')).toBeNull();
    expect(keptApartFrom('Route 66', 'IBA')).toBeNull();
    expect(keptApartFrom('(IBA)', 'IBA')).toBeNull();
  });

  it('is found under the first name when its ingredients are the same, and never as the other drink', () => {
    const index = new DrinkIndex();
    index.add({ id: 1, name: 'Moscow Mule', kinds: '1,2', sourceName: null });
    index.add({ id: 2, name: 'Moscow Mule (Bar Assistant)', kinds: '1,3', sourceName: 'x', apartFrom: 'Moscow Mule' });
    expect(index.find('moscow mule', '1,3')).toEqual({ same: expect.objectContaining({ id: 2 }) });
    expect(index.find('Moscow Mule', '1,4')).toEqual({ other: expect.objectContaining({ id: 1 }) });
    expect(index.find('Moscow Mule (Bar Assistant)', '1,4')).toEqual({ other: expect.objectContaining({ id: 2 }) });
    expect(index.size).toBe(2);
  });
});
