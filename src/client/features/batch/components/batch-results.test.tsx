// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { computeBatch, type BatchLine } from '@/shared/domain/batch';
import { BatchTable } from './batch-results';

const line = (ingredient: string, amount: number, abv: number, extra: Partial<BatchLine> = {}): BatchLine => ({
  ingredient,
  category: 'Spirits',
  abv,
  amount,
  unit: 'ml',
  role: 'batch',
  ...extra,
});

afterEach(cleanup);

describe('BatchTable', () => {
  it('shows a Negroni for a 750 ml bottle adding up to 750 ml, and says the measures are rounded down to fit', () => {
    const result = computeBatch({
      lines: [line('Gin', 30, 40), line('Campari', 30, 25), line('Sweet vermouth', 30, 16)],
      methodDilution: 0.2,
      style: 'fridge',
      scale: { by: 'volume', volumeMl: 750 },
    });
    render(<BatchTable result={result} system="ml" />);
    const table = screen.getByTestId('batch-table');
    expect(within(table).getByRole('row', { name: /^Gin/ })).toHaveTextContent('205 ml');
    expect(within(table).getByRole('row', { name: /^Campari/ })).toHaveTextContent('210 ml');
    expect(within(table).getByRole('row', { name: /^Water/ })).toHaveTextContent('125 ml');
    expect(screen.getByTestId('batch-total')).toHaveTextContent('750 ml');
    expect(screen.getByTestId('rounding-note')).toHaveTextContent(
      'Measures are rounded, some of them down, to stay within 750 ml: together they make 750 ml.',
    );
  });

  it('lists the water that dissolves the sugar beside the water to add', () => {
    const result = computeBatch({
      lines: [line('White rum', 60, 40), line('Sugar cube', 1, 0, { unit: 'cube', category: 'Other' })],
      methodDilution: 0.25,
      style: 'fridge',
      scale: { by: 'servings', servings: 10 },
    });
    render(<BatchTable result={result} system="ml" />);
    const table = screen.getByTestId('batch-table');
    expect(within(table).getByRole('row', { name: /^Sugar cube/ })).toHaveTextContent('40 g');
    expect(within(table).getByRole('row', { name: /^Water to dissolve the sugar/ })).toHaveTextContent('40 ml');
  });
});
