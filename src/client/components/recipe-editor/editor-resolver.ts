import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver, ResolverOptions } from 'react-hook-form';
import type { z } from 'zod';
import { toWriteInput, type RecipeEditorValues } from './editor-values';

/** Words for the errors whose schema message is written for the API ('expected number, received NaN'), by field. */
const WORDING: Record<string, Partial<Record<string, string>>> = {
  preparation_time: { invalid_type: 'write the preparation time in whole minutes' },
  amount: { invalid_type: 'write the amount as a number, like 30 or 22.5' },
  amount_max: { invalid_type: 'write the upper amount as a number, or leave it empty' },
  unit: { invalid_value: 'choose a unit' },
  base_spirit: { invalid_value: 'choose a base spirit' },
  category: { invalid_value: 'choose a category' },
  glassware: { invalid_value: 'choose a glass' },
  technique: { invalid_value: 'choose a technique' },
  difficulty_level: { invalid_value: 'choose a difficulty' },
};

/** Rewords and capitalises every message in a resolver's error tree (nested lines included), in place. */
function wordErrors(node: unknown, key = ''): void {
  if (typeof node !== 'object' || node === null) return;
  const error = node as { type?: unknown; message?: unknown };
  if (typeof error.message === 'string') {
    const wording = WORDING[key]?.[String(error.type)] ?? error.message;
    error.message = wording.charAt(0).toUpperCase() + wording.slice(1);
  }
  for (const [child, value] of Object.entries(node)) {
    if (child !== 'ref' && child !== 'message' && child !== 'type') wordErrors(value, child);
  }
}

/**
 * The editor's resolver over a write schema (a signature's or an own recipe's, from src/shared/schemas): the schema
 * judges the typed values once numbers are read, so the form refuses exactly what the server would. A line's
 * 'ingredient_name' error is shown on its ingredient field. Messages are capitalised, and the few written for the API are
 * worded for people.
 */
export function editorResolver<W>(
  schema: z.ZodType<W, unknown>,
  { freeText }: { freeText: boolean },
): Resolver<RecipeEditorValues, unknown, W> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<Record<string, unknown>, unknown, W>;
  return async (values, context, options) => {
    const result = await resolve(
      toWriteInput(values, { freeText }) as unknown as Record<string, unknown>,
      context,
      options as unknown as ResolverOptions<Record<string, unknown>>,
    );
    const lines = (result.errors as { ingredients?: Record<string, Record<string, unknown>> }).ingredients;
    for (const line of Object.values(lines ?? {})) {
      if (line && typeof line === 'object' && line.ingredient_name && !line.ingredient_id) {
        line.ingredient_id = line.ingredient_name;
      }
    }
    wordErrors(result.errors);
    return result as unknown as
      | { values: W; errors: Record<string, never> }
      | { values: Record<string, never>; errors: FieldErrors<RecipeEditorValues> };
  };
}
