import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBatch } from '@/shared/domain/batch';
import { negroniDetail } from '@/client/test/fixtures';
import { rankByName } from '../components/cocktail-picker';
import {
  batchInputOf,
  batchStateFromRecipe,
  decodeBatchState,
  decodePartyState,
  emptyBatchState,
  emptyPartyState,
  encodeState,
} from './batch-state';
import { prepSteps, purchaseText, serviceSteps } from './batch-text';

describe('share links', () => {
  it('round-trip a batch and a party exactly, accents and all', () => {
    const batch = { ...batchStateFromRecipe(negroniDetail), name: 'Négroni «maison» 🍸' };
    expect(decodeBatchState(encodeState(batch))).toEqual({ status: 'ok', state: batch });
    const party = {
      ...emptyPartyState(),
      cocktails: [{ cocktailId: 12, share: 50, style: 'fridge', dilution: null }],
    };
    expect(decodePartyState(encodeState(party))).toEqual({ status: 'ok', state: party });
  });

  it("carry the recipe's served-over-ice fact, and read a link made before it as 'the glass decides'", () => {
    const batch = batchStateFromRecipe({ ...negroniDetail, glassware: 'Wine', served_over_ice: true });
    expect(batch.servedOverIce).toBe(true);
    const { servedOverIce: _servedOverIce, ...older } = batch;
    expect(decodeBatchState(encodeState(older as never))).toEqual({
      status: 'ok',
      state: { ...batch, servedOverIce: null },
    });
  });

  it('are URL-safe: only base64url characters', () => {
    expect(encodeState(emptyBatchState())).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuse damaged or hand-edited links instead of half-applying them', () => {
    expect(decodeBatchState(null)).toEqual({ status: 'absent' });
    expect(decodeBatchState('not-a-real-link')).toEqual({ status: 'invalid' });
    const tooStrong = { ...emptyBatchState(), lines: [{ ...emptyBatchState().lines[0], ingredient: 'X', abv: 140 }] };
    expect(decodeBatchState(encodeState(tooStrong as never))).toEqual({ status: 'invalid' });
    const tooMany = {
      ...emptyPartyState(),
      cocktails: Array.from({ length: 7 }, (_, i) => ({
        cocktailId: i + 1,
        share: 1,
        style: 'fridge',
        dilution: null,
      })),
    };
    expect(decodePartyState(encodeState(tooMany as never))).toEqual({ status: 'invalid' });
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(['ok', 'absent', 'invalid']).toContain(decodeBatchState(text).status);
        expect(['ok', 'absent', 'invalid']).toContain(decodePartyState(text).status);
      }),
    );
  });
});

describe('batchStateFromRecipe', () => {
  it('takes the lines, their roles and the technique dilution, and keeps the scale and style already chosen', () => {
    const previous = { ...emptyBatchState(), style: 'over-ice', scale: { by: 'servings' as const, servings: 12 } };
    const state = batchStateFromRecipe(negroniDetail, previous);
    expect(state.name).toBe('Negroni');
    expect(state.cocktailId).toBe(negroniDetail.id);
    expect(state.dilution).toBe(20); // the fixture Negroni is stirred
    expect(state.style).toBe('over-ice');
    expect(state.scale).toEqual({ by: 'servings', servings: 12 });
    expect(state.lines.map((l) => [l.ingredient, l.role])).toEqual(
      negroniDetail.ingredients.map((l) => [l.ingredient, 'batch']),
    );
  });

  it('leaves unnamed and amount-less lines out of the maths', () => {
    const state = { ...emptyBatchState(), lines: [...emptyBatchState().lines] };
    expect(batchInputOf(state).lines).toEqual([]);
  });
});

describe('batch text', () => {
  it('writes the steps for a Negroni ready to pour and for a drink shaken to order', () => {
    const state = batchStateFromRecipe(negroniDetail);
    const result = computeBatch(batchInputOf(state));
    const prep = prepSteps(result, 'fridge', 'ml');
    expect(prep[0]).toMatch(/^Measure /);
    expect(prep).toContain('Chill in the fridge for at least 2 hours.');
    const toOrder = computeBatch({ ...batchInputOf(state), style: 'to-order' });
    expect(prepSteps(toOrder, 'to-order', 'ml').some((s) => s.includes('water'))).toBe(false);
    expect(
      serviceSteps(
        toOrder,
        { style: 'to-order', technique: 'Stir', glassware: 'Rocks', servedOverIce: true, garnish: null },
        'ml',
      )[0],
    ).toMatch(/^Stir \d+ ml of the batch with ice until cold, then strain over fresh ice in a rocks glass\.$/);
  });

  it('says how each thing is bought', () => {
    expect(purchaseText({ kind: 'bottle', bottleMl: 750, bottles: 2, leftoverMl: 300 })).toBe('2 × 750 ml bottles');
    expect(purchaseText({ kind: 'fruit', fruit: 'limes', count: 27, leftoverMl: 10 })).toBe('27 limes');
    expect(purchaseText({ kind: 'count', count: 1, unit: 'egg' })).toBe('1 egg');
    expect(purchaseText({ kind: 'bag', grams: 325, bagG: 1000, bags: 1 })).toBe('1 × 1 kg bag');
  });
});

describe('rankByName', () => {
  it('puts the exact name first, then names starting with the text, then a word starting with it', () => {
    const names = [
      'Kingston Negroni',
      'Mezcal Negroni',
      'Negroni Sbagliato',
      'Negroni',
      'White Negroni',
      'Boulevardier',
    ];
    expect(
      rankByName(
        names.map((name) => ({ name })),
        'negroni',
      ).map((c) => c.name),
    ).toEqual(['Negroni', 'Negroni Sbagliato', 'Kingston Negroni', 'Mezcal Negroni', 'White Negroni', 'Boulevardier']);
  });
});
