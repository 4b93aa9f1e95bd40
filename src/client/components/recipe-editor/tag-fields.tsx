import type { Control } from 'react-hook-form';
import { CheckChip } from '@/client/components/check-chip';
import { FormField, FormItem, FormMessage } from '@/client/components/ui/form';
import { FLAVOR_PROFILES, OCCASIONS, SEASONS } from '@/shared/domain/vocabulary';
import type { RecipeEditorValues } from './editor-values';

/** Most flavours one recipe lists (the write schema's limit). */
const MAX_FLAVOURS = 5;

/** A field of chips over one vocabulary; with `max`, the others are disabled once that many are on. */
function ChipField<W>({
  control,
  name,
  legend,
  options,
  max,
}: {
  control: Control<RecipeEditorValues, unknown, W>;
  name: 'flavor_profile' | 'seasonal_tags' | 'occasion_tags';
  legend: string;
  options: readonly string[];
  max?: number;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">
              {legend}
              {max ? (
                <span className="font-normal text-muted">
                  {' '}
                  ({field.value.length} of up to {max})
                </span>
              ) : null}
            </legend>
            <div className="flex flex-wrap gap-2">
              {options.map((option) => {
                const checked = field.value.includes(option);
                return (
                  <CheckChip
                    key={option}
                    checked={checked}
                    disabled={max !== undefined && !checked && field.value.length >= max}
                    className="has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50"
                    onCheckedChange={(on) =>
                      field.onChange(on ? [...field.value, option] : field.value.filter((value) => value !== option))
                    }
                  >
                    {option}
                  </CheckChip>
                );
              })}
            </div>
          </fieldset>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The recipe's tags: up to five flavours, its seasons and its occasions (what search and the filters read). */
export function TagFields<W>({ control }: { control: Control<RecipeEditorValues, unknown, W> }) {
  return (
    <>
      <ChipField
        control={control}
        name="flavor_profile"
        legend="Flavours"
        options={FLAVOR_PROFILES}
        max={MAX_FLAVOURS}
      />
      <ChipField control={control} name="seasonal_tags" legend="Seasons" options={SEASONS} />
      <ChipField control={control} name="occasion_tags" legend="Occasions" options={OCCASIONS} />
    </>
  );
}
