import type { LineCoverage } from './my-bar';
import { ENTERPRISE_INCLUDED_SEATS } from './plans';

/**
 * Venues (Enterprise, docs/product.md, Roles and plans): a bar's shared space. Plain data and pure rules, shared by the
 * server (which enforces them) and the client (which explains them before a request is sent).
 */

/** A venue member's role: the owner pays and manages seats; a manager edits the menu and the inventory; staff keep the
 * team inventory. */
export const VENUE_ROLES = ['owner', 'manager', 'staff'] as const;
/** One of {@link VENUE_ROLES}. */
export type VenueRole = (typeof VENUE_ROLES)[number];
/** Roles an invitation can give (a venue has exactly one owner: its creator). */
export const INVITABLE_ROLES = ['manager', 'staff'] as const;
/** The roles that edit the venue, its menu, its signature cocktails and their photos; staff keep the inventory. */
export const EDITOR_ROLES = ['owner', 'manager'] as const;
/** One of {@link INVITABLE_ROLES}. */
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** Labels of the roles, as the UI shows them. */
export const VENUE_ROLE_LABELS: Record<VenueRole, string> = { owner: 'Owner', manager: 'Manager', staff: 'Staff' };

/** Staff seats every Enterprise venue includes (docs/product.md, Roles and plans: 'up to 10 staff seats included'). */
export const INCLUDED_SEATS = ENTERPRISE_INCLUDED_SEATS;
/** The most seats support or add-on purchases can give one venue (a guard against typos, not a commercial limit). */
export const MAX_SEATS = 500;
/** An invitation is valid for 7 days, then has to be sent again. */
export const INVITATION_EXPIRES_SECONDS = 7 * 24 * 60 * 60;

/**
 * Days a venue's public menu (/v/:slug, the table QR codes) keeps working after the owner's Enterprise plan lapses,
 * marked 'menu not updated': printed QR codes on the tables must not die the moment a payment fails or a renewal is
 * late. After it, the address answers a page naming the venue and saying the menu is paused.
 */
export const MENU_GRACE_DAYS = 14;
/** {@link MENU_GRACE_DAYS} in ms. */
export const MENU_GRACE_MS = MENU_GRACE_DAYS * 86_400_000;

/** The public menu's state: 'open' (plan active), 'not-updated' (plan lapsed, within the grace), 'paused' (after it). */
export const MENU_STATES = ['open', 'not-updated', 'paused'] as const;
/** One of {@link MENU_STATES}. */
export type MenuState = (typeof MENU_STATES)[number];

/**
 * The public menu's state at `now` from the owner's plan: 'open' while it is active; 'not-updated' from `endedAt` (when
 * the owner's last Enterprise entitlement ended) for {@link MENU_GRACE_DAYS} days; 'paused' after, and when the owner
 * never had the plan (`endedAt` null while not active) or the date cannot be read.
 */
export function menuStateOf(
  { active, endedAt }: { active: boolean; endedAt: string | Date | null },
  now: Date = new Date(),
): MenuState {
  if (active) return 'open';
  if (endedAt === null) return 'paused';
  const end = new Date(endedAt).getTime();
  return Number.isFinite(end) && now.getTime() < end + MENU_GRACE_MS ? 'not-updated' : 'paused';
}

/** Slugs: 3 to 48 lowercase letters, digits and single hyphens, starting and ending with a letter or digit. */
export const VENUE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?!-)){1,46}[a-z0-9]$/;
/** Paths under /v/ that a venue cannot take. */
export const RESERVED_VENUE_SLUGS: ReadonlySet<string> = new Set(['new', 'admin', 'api', 'join', 'menu', 'settings']);

/**
 * A slug made from a venue's name: accents folded, anything but letters and digits turned into single hyphens, at most
 * 48 characters; names with no letter or digit give 'venue'.
 */
export function slugFromName(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return folded.length >= 3 ? folded : `${folded || 'venue'}-bar`.slice(0, 48);
}

/** Who counts against the seats: every member but the owner, and every invitation still waiting for an answer. */
export function seatsUsed({ members, pendingInvitations }: { members: number; pendingInvitations: number }): number {
  return Math.max(0, members - 1) + pendingInvitations;
}

/** The menu's light text colour, for dark backgrounds (the app's warm white). */
export const MENU_LIGHT_TEXT = '#f6efe4';
/** The menu's dark text colour, for light backgrounds (a near-black brown ink, from the app's dark bar palette). */
export const MENU_DARK_TEXT = '#1c1410';
/** Default brand colours: the app's own dark bar palette. */
export const DEFAULT_BRAND = { background: '#140f0c', accent: '#e6a84f' } as const;
/** Minimum contrast of the menu's body text on the background (WCAG 2.2 AA, normal text, success criterion 1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;
/** Minimum contrast of the accent (headings, prices, buttons) on the background (WCAG 2.2 AA large text and UI, 1.4.11). */
export const MIN_ACCENT_CONTRAST = 3;

/** `#rrggbb` (lowercase after {@link normalizeHexColor}). */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** `#RGB` or `#RRGGBB` as lowercase `#rrggbb`; null for anything else. */
export function normalizeHexColor(value: string): string | null {
  const text = value.trim();
  if (/^#[0-9a-fA-F]{3}$/.test(text)) {
    return `#${[...text.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  }
  return HEX_COLOR_PATTERN.test(text) ? text.toLowerCase() : null;
}

/**
 * Relative luminance of an sRGB colour `#rrggbb`, 0 (black) to 1 (white).
 * Source: WCAG 2.2, definition of relative luminance (sRGB linearisation with the 0.04045 threshold).
 * @throws Error when `hex` is not `#rrggbb`.
 */
export function relativeLuminance(hex: string): number {
  if (!HEX_COLOR_PATTERN.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * Contrast ratio of two colours, 1 to 21. Source: WCAG 2.2, definition of contrast ratio ((L1 + 0.05) / (L2 + 0.05)).
 * @throws Error when either is not `#rrggbb`.
 */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/**
 * The menu's text colour on `background`: {@link MENU_LIGHT_TEXT} or {@link MENU_DARK_TEXT}, whichever has the higher
 * WCAG contrast ratio on it (the light one on a tie).
 * @throws Error when `background` is not `#rrggbb`.
 */
export function menuTextColor(background: string): string {
  return contrastRatio(MENU_DARK_TEXT, background) > contrastRatio(MENU_LIGHT_TEXT, background)
    ? MENU_DARK_TEXT
    : MENU_LIGHT_TEXT;
}

/** `#rrggbb` of three 0-255 channels (rounded, clamped). */
function toHex(channels: readonly number[]): string {
  return `#${channels
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The most the muted text moves from the text colour toward the background, as a fraction (0.2: 20 %, as 80 % opacity would look). */
const MUTED_MIX = 0.2;

/**
 * The menu's secondary text colour on `background` (the glass and ABV line, the address, the footer): the text colour
 * ({@link menuTextColor}) mixed toward the background in sRGB by up to {@link MUTED_MIX}, as far as it keeps
 * {@link MIN_TEXT_CONTRAST}:1 (so it equals the text colour when that has no contrast to spare).
 * @throws Error when `background` is not `#rrggbb`.
 */
export function menuMutedTextColor(background: string): string {
  const text = menuTextColor(background);
  const rgb = (hex: string) => [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16));
  const [from, to] = [rgb(text), rgb(background)];
  for (let step = 6; step > 0; step -= 1) {
    const mix = (MUTED_MIX * step) / 6;
    const muted = toHex(from.map((c, i) => c + (to[i]! - c) * mix));
    if (contrastRatio(muted, background) >= MIN_TEXT_CONTRAST) return muted;
  }
  return text;
}

/** Least contrast of a QR code's modules on its white field that scanners read reliably (as for body text). */
export const MIN_QR_CONTRAST = 4.5;

/**
 * The colour of the QR code's modules on its white field: the venue's background when it is dark enough to scan
 * ({@link MIN_QR_CONTRAST}:1 on white), else {@link MENU_DARK_TEXT} (a light brand would print a QR code no phone reads).
 * @throws Error when `background` is not `#rrggbb`.
 */
export function qrModuleColor(background: string): string {
  return contrastRatio(background, '#ffffff') >= MIN_QR_CONTRAST ? background : MENU_DARK_TEXT;
}

/**
 * Why a pair of brand colours cannot be used for the menu, as a sentence for the owner, or null when both read well:
 * the menu's text ({@link menuTextColor}: light or dark, whichever reads better) on the background needs
 * {@link MIN_TEXT_CONTRAST}:1, the accent on the background {@link MIN_ACCENT_CONTRAST}:1. Only mid-tones fail the
 * first (neither text colour reaches it).
 * @throws Error when either colour is not `#rrggbb`.
 */
export function brandContrastProblem(brand: { background: string; accent: string }): string | null {
  const text = contrastRatio(menuTextColor(brand.background), brand.background);
  if (text < MIN_TEXT_CONTRAST) {
    return (
      `The menu's text would be hard to read on this background: neither light nor dark text reaches ` +
      `${MIN_TEXT_CONTRAST}:1 on it (the better one gives ${text.toFixed(1)}:1). Choose a lighter or darker background.`
    );
  }
  const accent = contrastRatio(brand.accent, brand.background);
  if (accent < MIN_ACCENT_CONTRAST) {
    return (
      `The accent colour would be hard to see on this background (contrast ${accent.toFixed(1)}:1, needs ` +
      `${MIN_ACCENT_CONTRAST}:1). Choose an accent that stands out more from the background.`
    );
  }
  return null;
}

/**
 * What a drink is made with but a bar's menu does not list: tap water and ice, the same names My Bar never asks a bar to
 * stock (my-bar.ts treats them as always to hand). The catalogue files water under 'Mixers' beside soda and tonic, which
 * a menu does list, so the rule is by name, not by category.
 */
const NOT_LISTED_ON_MENUS = /^(water|hot water|boiling water|cold water|ice|crushed ice|cracked ice|ice cubes?)$/i;

/** Whether the guests' menu lists an ingredient of this name: everything but water and ice ({@link NOT_LISTED_ON_MENUS}). */
export function isListedOnMenus(ingredientName: string): boolean {
  return !NOT_LISTED_ON_MENUS.test(ingredientName.trim());
}

/**
 * The bottle a venue pours for a recipe line, when it is not the line's own ingredient: the inventory's bottle below it
 * in the hierarchy (Cointreau for 'Triple sec'), a substitute the recipe names, or a swap; null when the venue holds the
 * line's own ingredient, nothing covers it, or what covers it is not a bottle (a house-made syrup, a juice from fruit).
 * @param coverage the line as the My Bar matcher covered it with the venue's stock.
 * @param owned the ingredient ids the venue's inventory holds (86'd bottles left out).
 */
export function pouredIngredientId(coverage: LineCoverage, owned: ReadonlySet<number>): number | null {
  if (coverage.viaId === null || coverage.viaId === coverage.ingredientId || owned.has(coverage.ingredientId))
    return null;
  const bottle = coverage.coverage === 'below' || coverage.coverage === 'substitute' || coverage.coverage === 'swap';
  return bottle && owned.has(coverage.viaId) ? coverage.viaId : null;
}

/** One recipe line as the guests' menu reads it. */
export interface GuestMenuLine {
  /** The ingredient's name as the recipe writes it ('Triple sec'). */
  name: string;
  /** The name of the bottle the venue pours for it instead ({@link pouredIngredientId}: 'Cointreau'), or null. */
  pouredName: string | null;
}

/**
 * What the guests' menu says a drink is made of, the way a bar menu does: in recipe order, without water and ice
 * ({@link isListedOnMenus}), each line by the bottle the bar pours when `available` and the inventory covers it with a
 * specific one, else as the recipe writes it; a name is listed once.
 */
export function guestMenuIngredients(lines: readonly GuestMenuLine[], available: boolean): string[] {
  const names = lines
    .filter((line) => isListedOnMenus(line.name))
    .map((line) => (available && line.pouredName ? line.pouredName : line.name));
  return [...new Set(names)];
}
