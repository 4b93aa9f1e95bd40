import { useId } from 'react';
import { NativeSelect } from '@/client/components/ui/native-select';
import { ToggleGroup, ToggleGroupItem } from '@/client/components/ui/toggle-group';
import { cn } from '@/client/lib/utils';
import { TECHNIQUES, type Technique } from '@/shared/domain/abv';
import { OVER_ICE_DILUTION, SERVICE_STYLES, type ServiceStyle } from '@/shared/domain/batch';
import { BOTTLE_SIZES_ML } from '@/shared/domain/party';
import { BATCH_LIMITS, MAX_BATCH_VOLUME_ML, type BatchScaleState } from '@/shared/schemas/batch';
import { defaultDilution } from '../lib/batch-state';
import { NumberField } from './number-field';

/** What each service style is called and what it means for the water. */
export const STYLE_TEXT: Record<ServiceStyle, { label: string; detail: (dilution: number) => string }> = {
  fridge: {
    label: 'Ready to pour · fridge',
    detail: (d) => `The batch holds the method's water (${d} %). Pour and serve.`,
  },
  freezer: {
    label: 'Ready to pour · freezer',
    detail: (d) => `The batch holds the method's water (${d} %). Ice-cold from the freezer.`,
  },
  'over-ice': {
    label: 'Poured over ice',
    detail: () => `About ${OVER_ICE_DILUTION * 100} % water in the batch; the ice in the glass does the rest.`,
  },
  'to-order': {
    label: 'Shaken or stirred to order',
    detail: (d) => `No water in the batch: the ice adds it (${d} %) when each drink is made.`,
  },
};

/** Method and service: the technique (which sets the default dilution), the dilution itself, and the service style. */
export function MethodControls({
  technique,
  dilution,
  style,
  onTechnique,
  onDilution,
  onStyle,
}: {
  technique: Technique;
  dilution: number;
  style: ServiceStyle;
  onTechnique: (technique: Technique) => void;
  onDilution: (dilution: number) => void;
  onStyle: (style: ServiceStyle) => void;
}) {
  const id = useId();
  const fallback = defaultDilution(technique);
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-technique`} className="text-sm font-medium">
            Method
          </label>
          <NativeSelect
            id={`${id}-technique`}
            value={technique}
            onChange={(event) => onTechnique(event.target.value as Technique)}
          >
            {TECHNIQUES.map((t) => (
              <option key={t} value={t}>
                {t} ({defaultDilution(t)} %)
              </option>
            ))}
          </NativeSelect>
        </div>
        <NumberField
          label="Dilution"
          value={dilution}
          onValue={(value) => onDilution(value ?? 0)}
          min={0}
          max={100}
          suffix="%"
          hint={dilution === fallback ? `${technique} default` : `${technique} default is ${fallback} %`}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">Service</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {SERVICE_STYLES.map((option) => (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                style === option
                  ? 'border-accent bg-accent-soft'
                  : 'border-border bg-surface-2/40 hover:border-border-strong',
              )}
            >
              <input
                type="radio"
                name={`${id}-style`}
                value={option}
                checked={style === option}
                aria-labelledby={`${id}-${option}-label`}
                aria-describedby={`${id}-${option}-detail`}
                onChange={() => onStyle(option)}
                className="mt-0.5 size-4 accent-[var(--color-accent)]"
              />
              <span>
                <span id={`${id}-${option}-label`} className="block font-medium">
                  {STYLE_TEXT[option].label}
                </span>
                <span id={`${id}-${option}-detail`} className="mt-0.5 block text-xs text-muted">
                  {STYLE_TEXT[option].detail(dilution)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** The containers the volume scale offers, ml (700 / 750 / 1000 ml bottles, 1 l and 2 l jugs). */
const CONTAINERS_ML = [700, 750, 1000, 2000] as const;

const SCALE_MODES: { by: BatchScaleState['by']; label: string }[] = [
  { by: 'volume', label: 'Bottle or jug' },
  { by: 'servings', label: 'Servings' },
  { by: 'bottles', label: 'Bottles' },
  { by: 'party', label: 'Party' },
];

/** A fresh scale of one kind, carrying what it can from the current one. */
function switchScale(by: BatchScaleState['by'], current: BatchScaleState): BatchScaleState {
  switch (by) {
    case 'servings':
      return { by, servings: current.by === 'party' ? current.guests : 8 };
    case 'volume':
      return { by, volumeMl: 750 };
    case 'bottles':
      return { by, bottles: 1, bottleMl: 750 };
    case 'party':
      return { by, guests: 20, hours: 3, firstHourRate: 2, laterRate: 1 };
  }
}

/** How far to scale: to a bottle or jug (or a custom volume), a number of servings, of bottles, or a party. */
export function ScaleControls({
  scale,
  onScale,
}: {
  scale: BatchScaleState;
  onScale: (scale: BatchScaleState) => void;
}) {
  const id = useId();
  const preset = scale.by === 'volume' ? CONTAINERS_ML.find((ml) => ml === scale.volumeMl) : undefined;
  return (
    <div className="flex flex-col gap-4">
      <ToggleGroup
        type="single"
        aria-label="Scale by"
        value={scale.by}
        onValueChange={(value) => {
          if (value && value !== scale.by) onScale(switchScale(value as BatchScaleState['by'], scale));
        }}
        // Two by two on a phone, so 'Party' is never cut off; one row from the small breakpoint up.
        className="grid w-full grid-cols-2 sm:flex [&>*]:flex-1"
      >
        {SCALE_MODES.map((mode) => (
          <ToggleGroupItem key={mode.by} value={mode.by}>
            {mode.label}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>

      {scale.by === 'volume' ? (
        <div className="flex flex-col gap-3">
          <ToggleGroup
            type="single"
            variant="outline"
            size="sm"
            aria-label="Container"
            value={preset ? String(preset) : 'custom'}
            onValueChange={(value) => {
              if (value && value !== 'custom') onScale({ by: 'volume', volumeMl: Number(value) });
            }}
          >
            {CONTAINERS_ML.map((ml) => (
              <ToggleGroupItem key={ml} value={String(ml)}>
                {ml === 2000 ? '2 l jug' : ml === 1000 ? '1 l bottle or jug' : `${ml} ml bottle`}
              </ToggleGroupItem>
            ))}
          </ToggleGroup>
          <NumberField
            label="Volume to fill"
            value={scale.volumeMl}
            onValue={(volumeMl) => onScale({ by: 'volume', volumeMl: volumeMl ?? 750 })}
            min={1}
            max={MAX_BATCH_VOLUME_ML}
            suffix="ml"
            hint={preset ? undefined : 'Custom volume'}
          />
        </div>
      ) : null}

      {scale.by === 'servings' ? (
        <NumberField
          label="Servings"
          value={scale.servings}
          onValue={(servings) => onScale({ by: 'servings', servings: servings ?? 1 })}
          min={1}
          max={BATCH_LIMITS.servings}
          integer
          suffix="drinks"
        />
      ) : null}

      {scale.by === 'bottles' ? (
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            label="Bottles"
            value={scale.bottles}
            onValue={(bottles) => onScale({ ...scale, bottles: bottles ?? 1 })}
            min={1}
            max={BATCH_LIMITS.bottles}
            integer
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-bottle`} className="text-sm font-medium">
              Bottle size
            </label>
            <BottleSizeSelect
              id={`${id}-bottle`}
              value={scale.bottleMl}
              onValue={(bottleMl) => onScale({ ...scale, bottleMl })}
            />
          </div>
        </div>
      ) : null}

      {scale.by === 'party' ? <PartyFields party={scale} onParty={(party) => onScale({ ...scale, ...party })} /> : null}
    </div>
  );
}

/** A party's size: guests, hours and drinks per guest in the first and each later hour. */
export interface PartySize {
  guests: number;
  hours: number;
  firstHourRate: number;
  laterRate: number;
}

/** The four fields of a party's size, two by two; each passes on only valid values. */
export function PartyFields({ party, onParty }: { party: PartySize; onParty: (party: PartySize) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <NumberField
        label="Guests"
        value={party.guests}
        onValue={(guests) => onParty({ ...party, guests: guests ?? 1 })}
        min={1}
        max={BATCH_LIMITS.guests}
        integer
      />
      <NumberField
        label="Hours"
        value={party.hours}
        onValue={(hours) => onParty({ ...party, hours: hours ?? 1 })}
        min={0.5}
        max={BATCH_LIMITS.hours}
      />
      <NumberField
        label="Drinks per guest, first hour"
        value={party.firstHourRate}
        onValue={(rate) => onParty({ ...party, firstHourRate: rate ?? 0 })}
        min={0}
        max={BATCH_LIMITS.rate}
      />
      <NumberField
        label="Drinks per guest, each later hour"
        value={party.laterRate}
        onValue={(rate) => onParty({ ...party, laterRate: rate ?? 0 })}
        min={0}
        max={BATCH_LIMITS.rate}
      />
    </div>
  );
}

/** A bottle size picker over the standard sizes ({@link BOTTLE_SIZES_ML} and 2 l), keeping any other current value. */
export function BottleSizeSelect({
  value,
  onValue,
  className,
  ...props
}: {
  value: number;
  onValue: (ml: number) => void;
  className?: string;
  id?: string;
  'aria-label'?: string;
}) {
  return (
    <NativeSelect
      {...props}
      className={className}
      value={String(value)}
      onChange={(event) => onValue(Number(event.target.value))}
    >
      {[...new Set([...BOTTLE_SIZES_ML, 2000, value])]
        .sort((a, b) => a - b)
        .map((ml) => (
          <option key={ml} value={ml}>
            {ml} ml
          </option>
        ))}
    </NativeSelect>
  );
}
