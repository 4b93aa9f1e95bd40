import { useEffect, useId, useState } from 'react';
import { Input } from '@/client/components/ui/input';
import { cn } from '@/client/lib/utils';

/** Props of {@link NumberField}. */
export interface NumberFieldProps {
  label: string;
  /** Read by screen readers after the label, not shown ('of ingredient 2'), so short visible labels stay unambiguous. */
  labelSuffix?: string;
  /** The current value; null shows an empty field. */
  value: number | null;
  /** Called with each valid value the user types (null when the field is emptied and `allowEmpty`). */
  onValue: (value: number | null) => void;
  min: number;
  max: number;
  /** Whole numbers only. */
  integer?: boolean;
  step?: number;
  /** Unit shown after the field ('ml', '%', 'guests'). */
  suffix?: string;
  allowEmpty?: boolean;
  /** Hides the label visually (it stays for screen readers). */
  hideLabel?: boolean;
  className?: string;
  hint?: string;
}

/** The message for a value out of range, or null when it is fine. */
export function numberProblem(
  text: string,
  { min, max, integer = false, allowEmpty = false }: Pick<NumberFieldProps, 'min' | 'max' | 'integer' | 'allowEmpty'>,
): string | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return allowEmpty ? null : 'Enter a number';
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return 'Enter a number';
  if (integer && !Number.isInteger(value)) return 'Enter a whole number';
  if (value < min) return `Enter ${min} or more`;
  if (value > max) return `Enter ${max.toLocaleString('en-US')} or less`;
  return null;
}

/**
 * A labelled number input that never loses what the user typed: the text stays as typed, a bad value shows its message
 * under the field (aria-invalid, aria-describedby) and is not passed on, so the figures keep the last good value.
 * Decimal commas are read as points.
 */
export function NumberField({
  label,
  labelSuffix,
  value,
  onValue,
  min,
  max,
  integer = false,
  step,
  suffix,
  allowEmpty = false,
  hideLabel = false,
  className,
  hint,
}: NumberFieldProps) {
  const id = useId();
  const [text, setText] = useState(value === null ? '' : String(value));
  const problem = numberProblem(text, { min, max, integer, allowEmpty });

  // A value changed from outside (a preset, a new recipe) replaces the text unless the text already says it.
  useEffect(() => {
    setText((current) => {
      const currentValue = current.trim() === '' ? null : Number(current.replace(',', '.'));
      return currentValue === value ? current : value === null ? '' : String(value);
    });
  }, [value]);

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium', hideLabel && 'sr-only')}>
        {label}
        {labelSuffix ? <span className="sr-only"> {labelSuffix}</span> : null}
      </label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          inputMode={integer ? 'numeric' : 'decimal'}
          value={text}
          step={step}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : hint ? `${id}-hint` : undefined}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            if (numberProblem(next, { min, max, integer, allowEmpty }) === null) {
              onValue(next.trim() === '' ? null : Number(next.trim().replace(',', '.')));
            }
          }}
        />
        {suffix ? <span className="shrink-0 text-sm text-muted">{suffix}</span> : null}
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="text-xs text-danger-text">
          {problem}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
