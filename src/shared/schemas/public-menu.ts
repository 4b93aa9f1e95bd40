import { z } from 'zod';
import { MENU_STATES } from '../domain/venues';

/**
 * The guests' menu (`/v/:slug`) and the stored photos it shows: a module of its own, re-exported by venues.ts,
 * so the menu page a guest opens from a QR code builds only these few schemas when it loads, not every venue, My Bar and
 * cocktail contract (a long task of that page's start; Total Blocking Time).
 */

/**
 * An uploaded photo as stored (signature cocktails): the source size after orientation, px, and its re-encoded
 * variants (uploads/image.ts IMAGE_WIDTHS: 320, 640 and 1280 px wide, never enlarged), each as WebP and JPEG, with the URL
 * it is served at (`/media/...`, cached for a year: a new photo gets new URLs).
 */
export const storedPhotoSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  variants: z.array(
    z.object({ width: z.number().int().positive(), format: z.enum(['webp', 'jpeg']), url: z.string() }),
  ),
});
export type StoredPhoto = z.infer<typeof storedPhotoSchema>;

/** One drink on the public menu. ABV in %, US standard drinks per serving (DOMAIN.md: 14 g of ethanol each). */
export const publicMenuItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  ingredients: z.array(z.string()),
  glassware: z.string(),
  priceCents: z.number().int().nullable(),
  abv: z.number(),
  standardDrinks: z.number(),
  imageUrl: z.string().nullable(),
  /** The uploaded photo of a signature cocktail, in every size (null without one). */
  photo: storedPhotoSchema.nullable(),
  isSignature: z.boolean(),
  available: z.boolean(),
});
export type PublicMenuItem = z.infer<typeof publicMenuItemSchema>;

/** `GET /api/menus/:slug` (anyone): the venue's public menu, in its colours. */
export const publicMenuSchema = z.object({
  venue: z.object({
    name: z.string(),
    slug: z.string(),
    logoUrl: z.string().nullable(),
    brand: z.object({ background: z.string(), accent: z.string() }),
    address: z.string().nullable(),
    openingHours: z.string().nullable(),
  }),
  sections: z.array(z.object({ title: z.string(), items: z.array(publicMenuItemSchema) })),
  /** When the answer was computed (ISO 8601): availability is as of then. */
  asOf: z.string(),
  /**
   * 'open'; 'not-updated' while the owner's plan lapsed less than MENU_GRACE_DAYS (14) days ago (the team cannot edit:
   * guests are told the menu is not updated); 'paused' after that (no sections: the page names the venue and says so).
   */
  state: z.enum(MENU_STATES),
});
export type PublicMenu = z.infer<typeof publicMenuSchema>;
