import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, SaveIcon, Trash2Icon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
  type ResolverOptions,
  type UseFormReturn,
} from 'react-hook-form';
import { Combobox, matchCount } from '@/client/components/combobox';
import { ingredientOption } from '@/client/components/ingredient-search';
import { CheckChip } from '@/client/components/check-chip';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  FormRootMessage,
  useFormField,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { ApiError } from '@/client/lib/api-client';
import { searchIngredients, useIngredients } from '@/client/lib/ingredients';
import { showToast } from '@/client/lib/toast-events';
import { TECHNIQUES } from '@/shared/domain/abv';
import { UNITS, unitLabel } from '@/shared/domain/units';
import { BASE_SPIRITS, CATEGORIES, DIFFICULTY_LEVELS, FLAVOR_PROFILES, GLASSWARE } from '@/shared/domain/vocabulary';
import {
  MAX_SIGNATURE_LINES,
  signatureWriteSchema,
  type Signature,
  type SignatureWrite,
  type SignatureWriteInput,
} from '@/shared/schemas/venues';
import { useSaveSignature } from '../api/signatures';

/** Most flavours one recipe lists (the schema's limit). */
const MAX_FLAVOURS = 5;

const textareaClass =
  'w-full rounded-lg border border-border-strong bg-surface-2 px-3 py-2 text-base text-foreground outline-none placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-ring/70 aria-invalid:border-destructive md:text-sm';

/** One ingredient line as the form holds it: text as typed, the picked ingredient's id and name (the name is not sent). */
interface LineValues {
  ingredient_id: number | null;
  ingredient: string;
  amount: string;
  amount_max: string;
  unit: string;
  is_optional: boolean;
  note: string;
}

/** The editor's values: the recipe as typed (numbers as text); {@link toWriteInput} turns them into a SignatureWrite. */
export interface SignatureEditorValues {
  name: string;
  base_spirit: string;
  category: string;
  glassware: string;
  technique: string;
  difficulty_level: string;
  preparation_time: string;
  garnish: string;
  description: string;
  instructions: string;
  flavor_profile: string[];
  seasonal_tags: string[];
  occasion_tags: string[];
  ingredients: LineValues[];
}

const emptyLine = (): LineValues => ({
  ingredient_id: null,
  ingredient: '',
  amount: '',
  amount_max: '',
  unit: 'ml',
  is_optional: false,
  note: '',
});

/** The form's starting values: the recipe being edited, or a new one with everyday choices made. */
function startValues(signature: Signature | null): SignatureEditorValues {
  if (!signature) {
    return {
      name: '',
      base_spirit: 'Gin',
      category: 'Modern',
      glassware: 'Coupe',
      technique: 'Shake',
      difficulty_level: 'Easy',
      preparation_time: '3',
      garnish: '',
      description: '',
      instructions: '',
      flavor_profile: [],
      seasonal_tags: [],
      occasion_tags: [],
      ingredients: [emptyLine()],
    };
  }
  return {
    name: signature.name,
    base_spirit: signature.base_spirit,
    category: signature.category ?? 'Modern',
    glassware: signature.glassware,
    technique: signature.technique,
    difficulty_level: signature.difficulty_level,
    preparation_time: String(signature.preparation_time),
    garnish: signature.garnish,
    description: signature.description,
    instructions: signature.instructions,
    flavor_profile: [...signature.flavor_profile],
    seasonal_tags: [...signature.seasonal_tags],
    occasion_tags: [...signature.occasion_tags],
    ingredients: [...signature.ingredients]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        ingredient_id: line.ingredient_id,
        ingredient: line.ingredient,
        amount: line.amount === null ? '' : String(line.amount),
        amount_max: line.amount_max === null ? '' : String(line.amount_max),
        unit: line.unit,
        is_optional: line.is_optional,
        note: line.note ?? '',
      })),
  };
}

/** A number from typed text ('22.5', '22,5'); null for nothing typed; NaN when it is not a number (the schema says so). */
function parseNumber(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (cleaned === '') return null;
  return /^\d*\.?\d+$|^\d+\.$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** The values as the API's SignatureWrite input (before the schema's trimming and defaults). */
export function toWriteInput(values: SignatureEditorValues): SignatureWriteInput {
  return {
    name: values.name,
    base_spirit: values.base_spirit,
    category: values.category,
    glassware: values.glassware,
    technique: values.technique,
    difficulty_level: values.difficulty_level,
    preparation_time: parseNumber(values.preparation_time),
    garnish: values.garnish,
    description: values.description,
    instructions: values.instructions,
    flavor_profile: values.flavor_profile,
    seasonal_tags: values.seasonal_tags,
    occasion_tags: values.occasion_tags,
    ingredients: values.ingredients.map((line) => ({
      ingredient_id: line.ingredient_id,
      amount: parseNumber(line.amount),
      amount_max: parseNumber(line.amount_max),
      unit: line.unit,
      is_optional: line.is_optional,
      note: line.note.trim() === '' ? null : line.note,
    })),
    // The schema itself refuses what is not of its types (a missing ingredient, text for a number) with its messages.
  } as unknown as SignatureWriteInput;
}

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
 * The editor's resolver: the shared signatureWriteSchema (through zodResolver) judges the typed values once numbers are
 * read and the display-only names dropped, so the form refuses exactly what the server would; its messages are shown
 * capitalised, and the few written for the API are worded for people.
 */
const schemaResolver = zodResolver(signatureWriteSchema);
const editorResolver: Resolver<SignatureEditorValues, unknown, SignatureWrite> = async (values, context, options) => {
  const result = await schemaResolver(
    toWriteInput(values),
    context,
    options as unknown as ResolverOptions<SignatureWriteInput>,
  );
  wordErrors(result.errors);
  return result as unknown as
    | { values: SignatureWrite; errors: Record<string, never> }
    | { values: Record<string, never>; errors: FieldErrors<SignatureEditorValues> };
};

type EditorForm = UseFormReturn<SignatureEditorValues, unknown, SignatureWrite>;

/** A NativeSelect field over one vocabulary. */
function SelectField({
  form,
  name,
  label,
  options,
}: {
  form: EditorForm;
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

/**
 * The type-ahead over the catalogue's ingredients for one line (inside its FormItem, so it carries the field's invalid
 * state and error message), or, once one is picked, its name with a 'Change' button.
 */
function IngredientPicker({
  name,
  onPick,
  fieldRef,
  lineNumber,
}: {
  name: string;
  onPick: (id: number, name: string) => void;
  fieldRef: (element: HTMLElement | null) => void;
  lineNumber: number;
}) {
  const { error, formMessageId } = useFormField();
  const ingredients = useIngredients();
  const [text, setText] = useState('');
  const [changing, setChanging] = useState(false);
  // Where focus goes once the picker and the chosen name swap places (the button pressed is gone by then).
  const focusNext = useRef<'search' | 'change' | null>(null);
  const searchField = useRef<HTMLInputElement | null>(null);
  const changeButton = useRef<HTMLButtonElement | null>(null);
  const setChangeButton = useCallback(
    (element: HTMLButtonElement | null) => {
      changeButton.current = element;
      fieldRef(element);
    },
    [fieldRef],
  );
  const setSearchField = useCallback(
    (element: HTMLInputElement | null) => {
      searchField.current = element;
      fieldRef(element);
    },
    [fieldRef],
  );
  useEffect(() => {
    if (focusNext.current === 'search') searchField.current?.focus();
    if (focusNext.current === 'change') changeButton.current?.focus();
    focusNext.current = null;
  }, [changing]);
  if (name && !changing) {
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">Ingredient</span>
        <div className="flex h-11 items-center justify-between gap-2 rounded-lg border border-border-strong bg-surface-2 pr-1 pl-3">
          <span className="min-w-0 truncate font-medium">{name}</span>
          <Button
            ref={setChangeButton}
            variant="ghost"
            size="sm"
            aria-label={`Change ingredient ${lineNumber} (${name})`}
            onClick={() => {
              focusNext.current = 'search';
              setChanging(true);
            }}
          >
            Change
          </Button>
        </div>
      </div>
    );
  }
  const found = ingredients.data ? searchIngredients(ingredients.data, text, 8) : [];
  return (
    <div className="flex flex-col gap-1.5">
      <Combobox
        label="Ingredient"
        placeholder="Search the catalogue: gin, lime…"
        text={text}
        onText={setText}
        busy={ingredients.isPending}
        invalid={Boolean(error)}
        describedBy={error ? formMessageId : undefined}
        inputRef={setSearchField}
        emptyText={
          ingredients.isError
            ? 'The ingredient list could not be loaded. Try again later.'
            : ingredients.isPending
              ? 'Loading the ingredients…'
              : `No ingredient matches “${text.trim()}”`
        }
        statusText={matchCount(found.length)}
        options={found.map((item) => ingredientOption(item))}
        onPick={(item) => {
          onPick(item.id, item.name);
          setChanging(false);
        }}
      />
      {name ? (
        <Button
          variant="link"
          size="sm"
          className="self-start"
          onClick={() => {
            focusNext.current = 'change';
            setChanging(false);
          }}
        >
          Keep {name}
        </Button>
      ) : null}
    </div>
  );
}

/** One ingredient line: ingredient, amount (and an optional upper amount), unit, optional, note; move and remove. */
function LineFields({
  form,
  index,
  count,
  onMove,
  onRemove,
}: {
  form: EditorForm;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const number = index + 1;
  const id = useId();
  const name = useWatch({ control: form.control, name: `ingredients.${index}.ingredient` });
  const lineError = form.formState.errors.ingredients?.[index];
  /** The row's messages sit under it (three narrow columns on a phone leave no room below each field). */
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
              lineNumber={number}
              fieldRef={field.ref}
              onPick={(id, picked) => {
                form.setValue(`ingredients.${index}.ingredient`, picked);
                field.onChange(id);
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
              <Input {...field} maxLength={120} placeholder="chilled, to taste…" />
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

/** The flavour chips (at most 5: the others are disabled once five are on). */
function FlavourField({ control }: { control: Control<SignatureEditorValues, unknown, SignatureWrite> }) {
  return (
    <FormField
      control={control}
      name="flavor_profile"
      render={({ field }) => (
        <FormItem>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">
              Flavours <span className="font-normal text-muted">({field.value.length} of up to 5)</span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {FLAVOR_PROFILES.map((flavour) => {
                const checked = field.value.includes(flavour);
                return (
                  <CheckChip
                    key={flavour}
                    checked={checked}
                    disabled={!checked && field.value.length >= MAX_FLAVOURS}
                    className="has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50"
                    onCheckedChange={(on) =>
                      field.onChange(on ? [...field.value, flavour] : field.value.filter((value) => value !== flavour))
                    }
                  >
                    {flavour}
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

/** The recipe form inside the dialog: fields in a scrolling body, the save button in a footer that stays in view. */
function SignatureForm({
  userId,
  slug,
  signature,
  onSaved,
}: {
  userId: string;
  slug: string;
  signature: Signature | null;
  onSaved: () => void;
}) {
  const save = useSaveSignature(userId, slug);
  const form = useForm<SignatureEditorValues, unknown, SignatureWrite>({
    resolver: editorResolver,
    defaultValues: startValues(signature),
  });
  const lines = useFieldArray({ control: form.control, name: 'ingredients' });
  const errors = form.formState.errors;
  const linesMessage = errors.ingredients?.root?.message ?? errors.ingredients?.message;

  const onValid = (body: SignatureWrite) =>
    save.mutate(
      { cocktailId: signature?.id ?? null, body },
      {
        onSuccess: () => {
          showToast({ title: 'Saved', variant: 'success' });
          onSaved();
        },
        onError: (error) =>
          form.setError('root', {
            type: 'server',
            message: error instanceof ApiError ? error.message : 'Not saved. Try again.',
          }),
      },
    );

  return (
    <Form {...form}>
      <form
        noValidate
        aria-label={signature ? `Edit ${signature.name}` : 'New signature cocktail'}
        className="flex min-h-0 flex-1 flex-col"
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 py-4 sm:px-6">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Name</FormLabel>
                <FormControl>
                  <Input {...field} maxLength={80} autoComplete="off" placeholder="House Negroni" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="grid grid-cols-2 gap-3">
            <SelectField form={form} name="base_spirit" label="Base spirit" options={BASE_SPIRITS} />
            <SelectField form={form} name="category" label="Category" options={CATEGORIES} />
            <SelectField form={form} name="glassware" label="Glass" options={GLASSWARE} />
            <SelectField form={form} name="technique" label="Technique" options={TECHNIQUES} />
            <SelectField form={form} name="difficulty_level" label="Difficulty" options={DIFFICULTY_LEVELS} />
            <FormField
              control={form.control}
              name="preparation_time"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Prep time (minutes)</FormLabel>
                  <FormControl>
                    <Input {...field} inputMode="numeric" autoComplete="off" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>

          <section aria-labelledby="signature-lines-title" className="flex flex-col gap-3">
            <h3 id="signature-lines-title" className="font-display text-lg font-semibold">
              Ingredients
            </h3>
            {lines.fields.map((line, index) => (
              <LineFields
                key={line.id}
                form={form}
                index={index}
                count={lines.fields.length}
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

          <FormField
            control={form.control}
            name="instructions"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Method</FormLabel>
                <FormControl>
                  <textarea
                    {...field}
                    rows={5}
                    maxLength={1200}
                    className={textareaClass}
                    placeholder="Stir with ice until well chilled. Strain over a large cube."
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="garnish"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Garnish (optional)</FormLabel>
                <FormControl>
                  <Input {...field} maxLength={120} placeholder="Orange peel" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="description"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Description (optional)</FormLabel>
                <FormControl>
                  <textarea {...field} rows={3} maxLength={600} className={textareaClass} />
                </FormControl>
                <FormDescription>Guests read it on the menu.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FlavourField control={form.control} />
        </div>

        <div className="flex flex-col gap-2 border-t border-border bg-surface px-5 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom,0px))] sm:px-6 sm:pb-4">
          <FormRootMessage />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
              <SaveIcon aria-hidden="true" />
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </div>
      </form>
    </Form>
  );
}

/** Keeps the dialog open when Escape only meant to close an ingredient's open list of matches. */
function keepOpenForOpenList(event: KeyboardEvent) {
  const active = document.activeElement;
  if (active?.getAttribute('role') === 'combobox' && active.getAttribute('aria-expanded') === 'true') {
    event.preventDefault();
  }
}

/**
 * A venue's signature recipe in a dialog (owner, manager): `trigger` opens it (focus moves in, Escape closes it, focus
 * returns to the trigger). Name, base spirit, category, glass, technique, difficulty, time, the ingredient lines (each
 * picked from the catalogue), method, garnish, description and up to five flavours, checked by the shared
 * signatureWriteSchema before anything is sent; the server's refusal is shown in the form. Saved: the dialog closes and a
 * 'Saved' toast says so. `signature` null writes a new recipe.
 */
export function SignatureEditor({
  userId,
  slug,
  signature,
  trigger,
  onTriggerGone,
}: {
  userId: string;
  slug: string;
  signature: Signature | null;
  trigger: ReactElement;
  /** Called instead of returning focus when the trigger is gone by the time the dialog closes (an empty state's). */
  onTriggerGone?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const title = signature ? `Edit ${signature.name}` : 'New signature cocktail';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild ref={triggerRef}>
        {trigger}
      </DialogTrigger>
      <DialogContent
        className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl sm:p-0"
        onEscapeKeyDown={keepOpenForOpenList}
        onCloseAutoFocus={(event) => {
          if (triggerRef.current?.isConnected || !onTriggerGone) return;
          event.preventDefault();
          onTriggerGone();
        }}
      >
        <DialogHeader className="border-b border-border px-5 pt-5 pb-4 sm:px-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {signature
              ? 'Changes show on the menu as soon as you save.'
              : 'Your own recipe: add it to the menu once it is saved.'}
          </DialogDescription>
        </DialogHeader>
        <SignatureForm userId={userId} slug={slug} signature={signature} onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
