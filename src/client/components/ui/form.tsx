import { Slot } from 'radix-ui';
import type * as React from 'react';
import { createContext, useContext, useId, useLayoutEffect, useMemo, useState } from 'react';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import { cn } from '@/client/lib/utils';
import { Label } from './label';

/**
 * The form field layer (shadcn's Form pattern over react-hook-form): a zod schema gives the resolver, and every field is
 *
 * ```tsx
 * <Form {...form}>
 *   <form noValidate onSubmit={form.handleSubmit(onValid)}>
 *     <FormField control={form.control} name="email" render={({ field }) => (
 *       <FormItem>
 *         <FormLabel>Email</FormLabel>
 *         <FormControl><Input type="email" {...field} /></FormControl>
 *         <FormDescription>Optional hint</FormDescription>
 *         <FormMessage />
 *       </FormItem>
 *     )} />
 *   </form>
 * </Form>
 * ```
 *
 * so the label points at the control, the control carries `aria-invalid` while its field has an error and
 * `aria-describedby` naming the hint and the error, and the error is shown under the field (role alert). The control gets
 * `field.ref`, so `handleSubmit` moves focus to the first invalid field.
 */

/** The react-hook-form context for the fields below (pass it `{...form}`). */
export const Form = FormProvider;

interface FormFieldContextValue {
  name: string;
}

const FormFieldContext = createContext<FormFieldContextValue | null>(null);

/** A react-hook-form `Controller` that tells the item parts below which field they belong to. */
export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  const value = useMemo(() => ({ name: props.name }), [props.name]);
  return (
    <FormFieldContext.Provider value={value}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

interface FormItemContextValue {
  id: string;
  hasDescription: boolean;
  setHasDescription: (present: boolean) => void;
}

const FormItemContext = createContext<FormItemContextValue | null>(null);

/**
 * The ids and state of the field around the caller: `formItemId` (the control), `formDescriptionId`, `formMessageId`, and
 * react-hook-form's field state (`error`, `invalid`, ...). Use inside a {@link FormItem} inside a {@link FormField}.
 */
export function useFormField() {
  const fieldContext = useContext(FormFieldContext);
  const itemContext = useContext(FormItemContext);
  if (!fieldContext) throw new Error('useFormField must be used inside <FormField>');
  if (!itemContext) throw new Error('useFormField must be used inside <FormItem>');
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: fieldContext.name });
  const fieldState = getFieldState(fieldContext.name, formState);
  const { id } = itemContext;
  return {
    id,
    name: fieldContext.name,
    formItemId: `${id}-form-item`,
    formDescriptionId: `${id}-form-item-description`,
    formMessageId: `${id}-form-item-message`,
    hasDescription: itemContext.hasDescription,
    ...fieldState,
  };
}

/** One field: its label, control, hint and error, stacked. */
export function FormItem({ className, ...props }: React.ComponentProps<'div'>) {
  const id = useId();
  const [hasDescription, setHasDescription] = useState(false);
  const value = useMemo(() => ({ id, hasDescription, setHasDescription }), [id, hasDescription]);
  return (
    <FormItemContext.Provider value={value}>
      <div data-slot="form-item" className={cn('flex flex-col gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

/** The field's label, pointing at its control. */
export function FormLabel({ className, ...props }: React.ComponentProps<typeof Label>) {
  const { error, formItemId } = useFormField();
  return (
    <Label
      data-slot="form-label"
      data-error={error ? true : undefined}
      htmlFor={formItemId}
      className={cn('data-error:text-danger-text', className)}
      {...props}
    />
  );
}

/**
 * Wraps the field's control (its only child): gives it the id the label points at, `aria-invalid` while the field has an
 * error, and `aria-describedby` naming the hint, the error and any ids the caller passes.
 */
export function FormControl({ 'aria-describedby': describedBy, ...props }: React.ComponentProps<typeof Slot.Root>) {
  const { error, formItemId, formDescriptionId, formMessageId, hasDescription } = useFormField();
  const ids = [describedBy, hasDescription ? formDescriptionId : null, error ? formMessageId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Slot.Root
      data-slot="form-control"
      id={formItemId}
      aria-invalid={error ? true : undefined}
      aria-describedby={ids || undefined}
      {...props}
    />
  );
}

/** A hint under the field; the control names it in `aria-describedby`. */
export function FormDescription({ className, ...props }: React.ComponentProps<'p'>) {
  const { formDescriptionId } = useFormField();
  const item = useContext(FormItemContext);
  const setHasDescription = item?.setHasDescription;
  useLayoutEffect(() => {
    if (!setHasDescription) return undefined;
    setHasDescription(true);
    return () => setHasDescription(false);
  }, [setHasDescription]);
  return (
    <p data-slot="form-description" id={formDescriptionId} className={cn('text-xs text-muted', className)} {...props} />
  );
}

/**
 * The field's error message (role alert), or `children` while it has none; nothing when both are empty. The control names
 * it in `aria-describedby` while the field has an error.
 */
export function FormMessage({ className, children, ...props }: React.ComponentProps<'p'>) {
  const { error, formMessageId } = useFormField();
  const body = error ? (error.message ?? '') : children;
  if (!body) return null;
  return (
    <p
      data-slot="form-message"
      id={formMessageId}
      role={error ? 'alert' : undefined}
      className={cn('text-sm text-danger-text', className)}
      {...props}
    >
      {body}
    </p>
  );
}

/**
 * The form's own error (react-hook-form's `errors.root`, set with `setError('root', ...)` when the server refuses the
 * whole form: a taken address, a full venue, no connection), as an alert in the page; nothing while there is none. Use
 * inside {@link Form}.
 */
export function FormRootMessage({ className, ...props }: React.ComponentProps<'p'>) {
  const { errors } = useFormState();
  const message = errors.root?.message;
  if (!message) return null;
  return (
    <p data-slot="form-root-message" role="alert" className={cn('text-sm text-danger-text', className)} {...props}>
      {message}
    </p>
  );
}

/**
 * The words shown for one field's errors: by the error's type (for a zod resolver, the issue code: `too_small`,
 * `too_big`, `invalid_format`, `invalid_type`, `invalid_value`...), or a function of the error. Types not listed keep the
 * schema's message.
 */
export type FieldMessages = Partial<Record<string, string>> | ((error: FieldError) => string | undefined);

/**
 * Wraps a resolver so that the messages users see can be worded for the page while the shared schema (and its API
 * messages) stays the one source of the rules: `withFieldMessages(zodResolver(schema), { email: { invalid_format: '...' } })`.
 */
export function withFieldMessages<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  resolver: Resolver<TFieldValues, TContext, TTransformedValues>,
  messages: Partial<Record<FieldPath<TFieldValues>, FieldMessages>>,
): Resolver<TFieldValues, TContext, TTransformedValues> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as FieldErrors<TFieldValues>;
    for (const [name, wording] of Object.entries(messages) as [string, FieldMessages | undefined][]) {
      const error = errors[name] as FieldError | undefined;
      if (!error || !wording) continue;
      const message = typeof wording === 'function' ? wording(error) : (wording[String(error.type)] ?? wording.default);
      if (message !== undefined) (errors as Record<string, FieldError>)[name] = { ...error, message };
    }
    return result;
  };
}
