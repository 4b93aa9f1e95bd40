import { ArrowDownIcon, ArrowUpIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/client/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { useIngredients } from '@/client/lib/ingredients';
import { UNITS, unitLabel } from '@/shared/domain/units';
import type { RecipeEditorValues } from './editor-values';
import { IngredientPicker } from './ingredient-picker';

/**
 * One ingredient line of the recipe editor: ingredient (picked from the catalogue, or with `freeText` named by hand),
 * amount and an optional upper amount, unit, optional, note; move and remove. The amount row's messages sit under it
 * (three narrow columns on a phone leave no room below each field).
 */
export function LineFields<W>({
  form,
  index,
  count,
  freeText,
  onMove,
  onRemove,
}: {
  form: UseFormReturn<RecipeEditorValues, unknown, W>;
  index: number;
  count: number;
  freeText: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const number = index + 1;
  const id = useId();
  const catalogue = useIngredients();
  const name = useWatch({ control: form.control, name: `ingredients.${index}.ingredient` });
  const ingredientId = useWatch({ control: form.control, name: `ingredients.${index}.ingredient_id` });
  // A free-text name not yet saved (no id), or a saved own ingredient (an id the catalogue does not list).
  const own =
    name !== '' &&
    (ingredientId === null ||
      (catalogue.data !== undefined && !catalogue.data.some((item) => item.id === ingredientId)));
  const lineError = form.formState.errors.ingredients?.[index];
  const messageId = (key: 'amount' | 'amount_max' | 'unit') => `${id}-${key}-message`;
  const describedBy = (key: 'amount' | 'amount_max' | 'unit') =>
    lineError?.[key]?.message ? messageId(key) : undefined;
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-border p-3">
      <legend className="px-1 text-sm font-semibold">Ingredient {number}</legend>
      <FormField
        control={form.control}
        name={`ingredients.${index}.ingredient_id`}
        render={({ field }) => (
          <FormItem className="gap-1.5">
            <IngredientPicker
              name={name}
              own={own}
              freeText={freeText}
              lineNumber={number}
              fieldRef={field.ref}
              onPick={(picked, pickedName) => {
                form.setValue(`ingredients.${index}.ingredient`, pickedName);
                field.onChange(picked);
                form.setFocus(`ingredients.${index}.amount`);
              }}
            />
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="grid grid-cols-3 gap-2">
        <FormField
          control={form.control}
          name={`ingredients.${index}.amount`}
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Amount</FormLabel>
              <FormControl aria-describedby={describedBy('amount')}>
                <Input {...field} inputMode="decimal" autoComplete="off" placeholder="30" />
              </FormControl>
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name={`ingredients.${index}.amount_max`}
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Up to</FormLabel>
              <FormControl aria-describedby={describedBy('amount_max')}>
                <Input {...field} inputMode="decimal" autoComplete="off" placeholder="–" />
              </FormControl>
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name={`ingredients.${index}.unit`}
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <FormLabel>Unit</FormLabel>
              <FormControl aria-describedby={describedBy('unit')}>
                <NativeSelect {...field}>
                  {UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {unitLabel(unit, 1)}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
            </FormItem>
          )}
        />
      </div>
      {(['amount', 'amount_max', 'unit'] as const).map((key) =>
        lineError?.[key]?.message ? (
          <p key={key} id={messageId(key)} role="alert" className="-mt-1 text-sm text-danger-text">
            {lineError[key].message}
          </p>
        ) : null,
      )}
      <FormField
        control={form.control}
        name={`ingredients.${index}.note`}
        render={({ field }) => (
          <FormItem className="gap-1.5">
            <FormLabel>Note (optional)</FormLabel>
            <FormControl>
              <Input {...field} maxLength={120} placeholder="chilled, or: rye works too…" />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <FormField
          control={form.control}
          name={`ingredients.${index}.is_optional`}
          render={({ field }) => (
            <FormItem className="flex-row items-center gap-2">
              <FormControl>
                <input
                  type="checkbox"
                  ref={field.ref}
                  name={field.name}
                  checked={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.checked)}
                  className="size-4 accent-[var(--color-accent)]"
                />
              </FormControl>
              <FormLabel className="font-normal">Optional</FormLabel>
            </FormItem>
          )}
        />
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move ingredient ${number} up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUpIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Move ingredient ${number} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDownIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ingredient ${number}${name ? ` (${name})` : ''}`}
            onClick={() => onRemove(index)}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
