import { PlusIcon, SaveIcon } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { DialogClose } from '@/client/components/ui/dialog';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  FormRootMessage,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import { TECHNIQUES } from '@/shared/domain/abv';
import { BASE_SPIRITS, CATEGORIES, DIFFICULTY_LEVELS, GLASSWARE } from '@/shared/domain/vocabulary';
import type { CocktailDetail } from '@/shared/schemas/cocktail';
import { MAX_SIGNATURE_LINES } from '@/shared/schemas/venues';
import { editorResolver } from './editor-resolver';
import { emptyLine, startValues, type RecipeEditorValues } from './editor-values';
import { LineFields } from './line-fields';
import { TagFields } from './tag-fields';

const textareaClass =
  'w-full rounded-lg border border-border-strong bg-surface-2 px-3 py-2 text-base text-foreground outline-none placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/70 aria-invalid:border-destructive md:text-sm';

/** A NativeSelect field over one vocabulary. */
function SelectField<W>({
  form,
  name,
  label,
  options,
}: {
  form: UseFormReturn<RecipeEditorValues, unknown, W>;
  name: 'base_spirit' | 'category' | 'glassware' | 'technique' | 'difficulty_level';
  label: string;
  options: readonly string[];
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NativeSelect {...field}>
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A text field of the form (one line, or a textarea of `rows`). */
function TextField<W>({
  form,
  name,
  label,
  maxLength,
  rows,
  placeholder,
  description,
}: {
  form: UseFormReturn<RecipeEditorValues, unknown, W>;
  name: 'name' | 'garnish' | 'description' | 'instructions' | 'preparation_time';
  label: string;
  maxLength?: number;
  rows?: number;
  placeholder?: string;
  description?: string;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            {rows ? (
              <textarea
                {...field}
                rows={rows}
                maxLength={maxLength}
                className={textareaClass}
                placeholder={placeholder}
              />
            ) : (
              <Input
                {...field}
                maxLength={maxLength}
                autoComplete="off"
                placeholder={placeholder}
                inputMode={name === 'preparation_time' ? 'numeric' : undefined}
              />
            )}
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Props of {@link RecipeForm}. */
export interface RecipeFormProps<W> {
  /** The recipe being edited, or null for a new one. */
  recipe: CocktailDetail | null;
  /** The write contract (src/shared/schemas): the form refuses exactly what the server would. */
  schema: z.ZodType<W, unknown>;
  /** True when a line may name an ingredient the catalogue does not have (own recipes). */
  freeText: boolean;
  /** Sends the write; a rejection (ApiError) is shown in the form and keeps every typed value. */
  save: (body: W) => Promise<unknown>;
  pending: boolean;
  /** The form's accessible name ('Edit House Negroni'). */
  label: string;
  /** What the description field's hint says (who reads it). */
  descriptionHint: string;
  /** Called once saved (the 'Saved' toast has been shown). */
  onSaved: () => void;
  /** The footer's cancel control (a DialogClose inside a dialog). */
  cancel?: ReactNode;
}

/**
 * The recipe editor's form: name, base spirit, category, glass, technique, difficulty, time, the ingredient lines,
 * method, garnish, description, flavours, seasons and occasions, in a scrolling body; Save in a footer that stays in
 * view. Serves a user's own recipes and a venue's signature cocktails alike (docs/recipes.md).
 */
export function RecipeForm<W>({
  recipe,
  schema,
  freeText,
  save,
  pending,
  label,
  descriptionHint,
  onSaved,
  cancel,
}: RecipeFormProps<W>) {
  const resolver = useMemo(() => editorResolver(schema, { freeText }), [schema, freeText]);
  const form = useForm<RecipeEditorValues, unknown, W>({ resolver, defaultValues: startValues(recipe) });
  const lines = useFieldArray({ control: form.control, name: 'ingredients' });
  const errors = form.formState.errors;
  const linesMessage = errors.ingredients?.root?.message ?? errors.ingredients?.message;

  const onValid = async (body: W) => {
    try {
      await save(body);
      showToast({ title: 'Saved', variant: 'success' });
      onSaved();
    } catch (error) {
      form.setError('root', {
        type: 'server',
        message: error instanceof ApiError ? error.message : 'Not saved. Try again.',
      });
    }
  };

  return (
    <Form {...form}>
      <form
        noValidate
        aria-label={label}
        className="flex min-h-0 flex-1 flex-col"
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 py-4 sm:px-6">
          <TextField form={form} name="name" label="Name" maxLength={80} placeholder="House Negroni" />
          <div className="grid grid-cols-2 gap-3">
            <SelectField form={form} name="base_spirit" label="Base spirit" options={BASE_SPIRITS} />
            <SelectField form={form} name="category" label="Category" options={CATEGORIES} />
            <SelectField form={form} name="glassware" label="Glass" options={GLASSWARE} />
            <SelectField form={form} name="technique" label="Technique" options={TECHNIQUES} />
            <SelectField form={form} name="difficulty_level" label="Difficulty" options={DIFFICULTY_LEVELS} />
            <TextField form={form} name="preparation_time" label="Prep time (minutes)" />
          </div>

          <section aria-labelledby="recipe-lines-title" className="flex flex-col gap-3">
            <h3 id="recipe-lines-title" className="font-display text-lg font-semibold">
              Ingredients
            </h3>
            {lines.fields.map((line, index) => (
              <LineFields
                key={line.id}
                form={form}
                index={index}
                count={lines.fields.length}
                freeText={freeText}
                onMove={lines.move}
                onRemove={lines.remove}
              />
            ))}
            {linesMessage ? (
              <p role="alert" className="text-sm text-danger-text">
                {linesMessage}
              </p>
            ) : null}
            <Button
              variant="secondary"
              className="self-start"
              disabled={lines.fields.length >= MAX_SIGNATURE_LINES}
              onClick={() =>
                lines.append(emptyLine(), { focusName: `ingredients.${lines.fields.length}.ingredient_id` })
              }
            >
              <PlusIcon aria-hidden="true" />
              Add ingredient
            </Button>
            {lines.fields.length >= MAX_SIGNATURE_LINES ? (
              <p className="text-sm text-muted">A recipe has at most {MAX_SIGNATURE_LINES} ingredients.</p>
            ) : null}
          </section>

          <TextField
            form={form}
            name="instructions"
            label="Method"
            rows={5}
            maxLength={1200}
            placeholder="Stir with ice until well chilled. Strain over a large cube."
          />
          <TextField form={form} name="garnish" label="Garnish (optional)" maxLength={120} placeholder="Orange peel" />
          <TextField
            form={form}
            name="description"
            label="Description (optional)"
            rows={3}
            maxLength={600}
            description={descriptionHint}
          />
          <TagFields control={form.control} />
        </div>

        <div className="flex flex-col gap-2 border-t border-border bg-surface px-5 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom,0px))] sm:px-6 sm:pb-4">
          <FormRootMessage />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {cancel ?? (
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
            )}
            <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
              <SaveIcon aria-hidden="true" />
              {pending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </div>
      </form>
    </Form>
  );
}
