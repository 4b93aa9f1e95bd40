import { describe, expect, it } from 'vitest';
import { HOME_LIST_PATH } from '@/shared/first-paint';
import { cocktailListParams, cocktailListPath } from './get-cocktails';

describe('cocktailListPath', () => {
  it("is, for the landing list, the path the first-paint script preloads on '/'", () => {
    expect(cocktailListPath(cocktailListParams({}), 0)).toBe(HOME_LIST_PATH);
  });

  it('carries text, page, filters and order in the query', () => {
    const path = cocktailListPath(
      cocktailListParams({ q: ' negroni ', spirits: ['Rum', 'Gin', 'Gin'], categories: ['Classic'], pageSize: 20 }),
      2,
    );
    expect(path).toBe('/api/cocktails?q=negroni&page=2&pageSize=20&spirit=Gin&spirit=Rum&category=Classic');
  });
});
