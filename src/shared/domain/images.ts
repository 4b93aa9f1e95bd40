/**
 * What a photo or logo upload may be, shared by the browser's check before sending and the server's check of
 * the bytes (server/uploads/image.ts).
 */

/**
 * Largest image file accepted, bytes (10 MB = 10 * 1024 * 1024): comfortably above a full-resolution phone photo (a 12 MP
 * JPEG is 3-6 MB), small enough that a handful of uploads at once cannot exhaust the server's memory.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The media types a photo or logo may have: JPEG, PNG or WebP. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** What a person is told when a file is not one of {@link ACCEPTED_IMAGE_TYPES}. */
export const IMAGE_TYPE_MESSAGE = 'Upload a JPEG, PNG or WebP image.';
