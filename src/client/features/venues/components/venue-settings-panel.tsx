import { zodResolver } from '@hookform/resolvers/zod';
import { ImageOffIcon, ImageUpIcon, PaletteIcon, SaveIcon, StoreIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/client/components/ui/button';
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
import { ApiError } from '@/client/lib/api-client';
import { showToast } from '@/client/lib/toast-events';
import { contrastRatio, menuMutedTextColor, menuTextColor, normalizeHexColor } from '@/shared/domain/venues';
import {
  MAX_VENUE_ADDRESS,
  MAX_VENUE_HOURS,
  MAX_VENUE_NAME,
  venueUpdateSchema,
  type Venue,
  type VenueUpdate,
} from '@/shared/schemas/venues';
import { useRemoveVenueLogo, useUploadVenueLogo } from '../api/logo';
import { useUpdateVenue } from '../api/venues';
import { ImageUploadButton } from '@/client/components/image-upload-button';

type SettingsInput = z.input<typeof venueUpdateSchema>;

/** A hex colour field: the text (what the server checks) with the platform's colour picker beside it. */
function ColorField({
  name,
  label,
  form,
}: {
  name: 'brand.background' | 'brand.accent';
  label: string;
  form: ReturnType<typeof useForm<SettingsInput, unknown, VenueUpdate>>;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <div className="flex gap-2">
            <FormControl>
              <Input
                {...field}
                value={field.value ?? ''}
                spellCheck={false}
                autoCapitalize="none"
                className="font-mono"
              />
            </FormControl>
            <input
              type="color"
              aria-label={`Pick the ${label.toLowerCase()}`}
              value={normalizeHexColor(field.value ?? '') ?? '#000000'}
              onChange={(event) => field.onChange(event.target.value)}
              className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-border-strong bg-surface-2 p-1"
            />
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * How the menu will look in these colours (its text light or dark, whichever reads better on the background), with the
 * measured contrast.
 */
function BrandPreview({ name, background, accent }: { name: string; background: string; accent: string }) {
  const bg = normalizeHexColor(background);
  const ac = normalizeHexColor(accent);
  if (!bg || !ac) return null;
  const text = menuTextColor(bg);
  return (
    <div
      className="flex flex-col gap-1 rounded-xl border border-border-strong p-4"
      style={{ backgroundColor: bg, color: text }}
      data-text-color={text}
      aria-label="Menu preview"
      role="img"
    >
      <span className="font-display text-lg font-semibold" style={{ color: ac }}>
        {name || 'Your venue'}
      </span>
      <span className="text-sm">Negroni · gin, Campari, sweet vermouth</span>
      <span className="text-xs" style={{ color: menuMutedTextColor(bg) }}>
        Text contrast {contrastRatio(text, bg).toFixed(1)}:1 · accent {contrastRatio(ac, bg).toFixed(1)}:1
      </span>
    </div>
  );
}

/**
 * The venue's logo (shown at the top of the guests' menu): the current one in a fixed box, upload or replace (JPEG, PNG
 * or WebP up to 10 MB, checked here before anything is sent) and remove.
 */
function LogoField({ userId, venue }: { userId: string; venue: Venue }) {
  const upload = useUploadVenueLogo(userId, venue.slug);
  const remove = useRemoveVenueLogo(userId, venue.slug);
  const [problem, setProblem] = useState<string | null>(null);
  const failed = (fallback: string) => (error: unknown) =>
    setProblem(error instanceof ApiError ? error.message : fallback);
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium">Logo</span>
      <div className="flex flex-wrap items-center gap-4">
        <div
          className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-border-strong"
          style={{ backgroundColor: venue.brand.background }}
        >
          {venue.logoUrl ? (
            <img
              src={venue.logoUrl}
              alt={`The logo of ${venue.name}`}
              width={80}
              height={80}
              className="size-full object-contain p-1.5"
            />
          ) : (
            <StoreIcon aria-label="No logo yet" role="img" className="size-8 text-muted" strokeWidth={1.5} />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <ImageUploadButton
            variant="secondary"
            size="sm"
            inputLabel="Logo file"
            busy={upload.isPending}
            disabled={remove.isPending}
            onProblem={setProblem}
            onFile={(file) => {
              setProblem(null);
              upload.mutate(file, {
                onSuccess: () => showToast({ title: 'Logo saved', variant: 'success' }),
                onError: failed('The logo was not saved. Try again.'),
              });
            }}
          >
            <ImageUpIcon aria-hidden="true" />
            {venue.logoUrl ? 'Replace logo' : 'Upload logo'}
          </ImageUploadButton>
          {venue.logoUrl ? (
            <Button
              variant="ghost"
              size="sm"
              aria-disabled={remove.isPending || undefined}
              disabled={upload.isPending}
              onClick={() => {
                if (remove.isPending) return;
                setProblem(null);
                remove.mutate(undefined, {
                  onSuccess: () => showToast({ title: 'Logo removed', variant: 'success' }),
                  onError: failed('The logo was not removed. Try again.'),
                });
              }}
            >
              <ImageOffIcon aria-hidden="true" />
              {remove.isPending ? 'Removing…' : 'Remove logo'}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-xs text-muted">JPEG, PNG or WebP up to 10 MB; shown at the top of your menu.</p>
      {problem ? (
        <p role="alert" className="text-sm text-danger-text">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The venue's details and brand (owner and manager): the logo, name, colours (checked for contrast), address, opening
 * hours, and whether the public menu is listed in the sitemap for search engines.
 */
export function VenueSettingsPanel({ userId, venue }: { userId: string; venue: Venue }) {
  const update = useUpdateVenue(userId, venue.slug);
  const form = useForm<SettingsInput, unknown, VenueUpdate>({
    resolver: zodResolver(venueUpdateSchema),
    defaultValues: {
      name: venue.name,
      brand: { ...venue.brand },
      address: venue.address ?? '',
      openingHours: venue.openingHours ?? '',
      menuListed: venue.menuListed,
    },
  });
  const [name, background, accent] = useWatch({
    control: form.control,
    name: ['name', 'brand.background', 'brand.accent'],
  });

  const onValid = (body: VenueUpdate) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset({
          name: saved.name,
          brand: { ...saved.brand },
          address: saved.address ?? '',
          openingHours: saved.openingHours ?? '',
          menuListed: saved.menuListed,
        });
        showToast({ title: 'Venue saved', variant: 'success' });
      },
      onError: (error) =>
        form.setError(
          'root',
          { type: 'server', message: error instanceof ApiError ? error.message : 'Not saved. Try again.' },
          { shouldFocus: true },
        ),
    });

  return (
    <section
      aria-labelledby="venue-settings-title"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-card"
    >
      <h2 id="venue-settings-title" className="flex items-center gap-2 font-display text-xl font-semibold">
        <PaletteIcon aria-hidden="true" className="size-5 text-accent" />
        Venue and brand
      </h2>
      <LogoField userId={userId} venue={venue} />
      <Form {...form}>
        <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="flex flex-col gap-4">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Venue name</FormLabel>
                <FormControl>
                  <Input {...field} maxLength={MAX_VENUE_NAME} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <ColorField name="brand.background" label="Background colour" form={form} />
            <ColorField name="brand.accent" label="Accent colour" form={form} />
          </div>
          {form.formState.errors.brand?.message ? (
            <p role="alert" className="text-sm text-danger-text">
              {form.formState.errors.brand.message}
            </p>
          ) : null}
          <BrandPreview name={name ?? ''} background={background ?? ''} accent={accent ?? ''} />
          <FormField
            control={form.control}
            name="address"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Address (optional)</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    value={field.value ?? ''}
                    maxLength={MAX_VENUE_ADDRESS}
                    autoComplete="street-address"
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="openingHours"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Opening hours (optional)</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    value={field.value ?? ''}
                    maxLength={MAX_VENUE_HOURS}
                    placeholder="Tue–Sat 5pm–1am"
                  />
                </FormControl>
                <FormDescription>Shown on your menu under the venue's name.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="menuListed"
            render={({ field }) => (
              <FormItem className="flex-row items-start gap-3 rounded-xl border border-border-strong bg-surface-2 p-3.5">
                <FormControl>
                  <input
                    type="checkbox"
                    name={field.name}
                    ref={field.ref}
                    checked={field.value ?? false}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-[var(--color-accent)]"
                  />
                </FormControl>
                <div className="flex flex-col gap-1">
                  <FormLabel className="cursor-pointer">List this menu in search engines</FormLabel>
                  <FormDescription>
                    Adds your public menu to Barback's sitemap so search engines can find it.
                  </FormDescription>
                </div>
              </FormItem>
            )}
          />
          <FormRootMessage />
          <Button type="submit" className="self-start" disabled={update.isPending || !form.formState.isDirty}>
            <SaveIcon aria-hidden="true" />
            Save
          </Button>
        </form>
      </Form>
    </section>
  );
}
