import { PNG_SIGNATURE, pngChunk } from '../../tests/support/images';
/**
 * Image bodies for the upload routes (a signature cocktail's photo, a venue's logo: RouteSpec.rawBody): small valid
 * JPEG, PNG and WebP files (12 x 8 px, made once with sharp and kept here as base64, so every run sends the same bytes),
 * and files the server must refuse with 400 IMAGE_INVALID: other formats (GIF, AVIF, a TIFF header), SVG and HTML text, headers
 * that announce too many pixels (a decompression bomb's header, and one 1 px wide and 39 million tall), and an empty body.
 */

/** An image body: the bytes, the Content-Type it is sent with, and how reproductions name it. */
export interface ImageSample {
  label: string;
  contentType: string;
  bytes: Uint8Array;
}

const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** A valid 12 x 8 PNG (RGB, with a pHYs chunk). */
export const VALID_PNG: ImageSample = {
  label: 'PNG 12×8',
  contentType: 'image/png',
  bytes: fromBase64(
    'iVBORw0KGgoAAAANSUhEUgAAAAwAAAAICAIAAABChommAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQYlWM4oWFDEDGMKgIAQ3dwgeiP2skAAAAASUVORK5CYII=',
  ),
};

/** A valid 12 x 8 JPEG. */
export const VALID_JPEG: ImageSample = {
  label: 'JPEG 12×8',
  contentType: 'image/jpeg',
  bytes: fromBase64(
    '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7' +
      'KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAIAAwDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAA' +
      'AAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEA' +
      'PwCCACvn/9k=',
  ),
};

/** A valid 12 x 8 WebP (lossy). */
export const VALID_WEBP: ImageSample = {
  label: 'WebP 12×8',
  contentType: 'image/webp',
  bytes: fromBase64('UklGRjQAAABXRUJQVlA4ICgAAABwAQCdASoMAAgAAsBMJaACdAFAAAD+645dcLZZk//nEv/oF/4C7mAA'),
};

/**
 * A PNG whose header (with a correct CRC) announces `width` x `height` RGB pixels, followed by a few bytes of image data
 * and the end chunk: what a decompression bomb looks like before it is decoded.
 */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    // zlib of a few zero bytes: far less than the header's size needs.
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01])),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

const text = (value: string) => new Uint8Array(Buffer.from(value, 'utf8'));

/** Bodies the upload routes must refuse (400 IMAGE_INVALID), or read as the valid images they are. */
export const IMAGE_SAMPLES: readonly ImageSample[] = [
  VALID_PNG,
  VALID_JPEG,
  VALID_WEBP,
  {
    label: 'GIF 12×8',
    contentType: 'image/gif',
    bytes: fromBase64('R0lGODlhDAAIAIAAAExpccgoPCH5BAUAAAAALAAAAAAMAAgAAAIIjI+py+0PYyoAOw=='),
  },
  {
    label: 'AVIF 12×8',
    contentType: 'image/avif',
    bytes: fromBase64(
      'AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERA' +
        'AAEAAQAAAAAA+gABAAAAAAAAACQAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAA' +
        'AAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAwAAAAIAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAAsbWRhdBIACgg4DK+0gIaD' +
        'SDIWGUJjBMAANAAAsK1pMDLNTtR8nyRBoA==',
    ),
  },
  // A little-endian TIFF header with an empty directory.
  { label: 'TIFF header', contentType: 'image/tiff', bytes: fromBase64('SUkqAAgAAAAAAA==') },
  {
    label: 'SVG with a script',
    contentType: 'image/svg+xml',
    bytes: text(
      '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="8"><script>alert(document.cookie)</script></svg>',
    ),
  },
  {
    label: 'HTML',
    contentType: 'text/html',
    bytes: text('<!doctype html><img src=x onerror=alert(1)>'),
  },
  { label: 'PNG header announcing 20000×20000 px', contentType: 'image/png', bytes: pngHeaderOnly(20_000, 20_000) },
  { label: 'PNG header announcing 1×39,999,999 px', contentType: 'image/png', bytes: pngHeaderOnly(1, 39_999_999) },
  { label: 'PNG header announcing 0×0 px', contentType: 'image/png', bytes: pngHeaderOnly(0, 0) },
  { label: 'PNG signature alone', contentType: 'image/png', bytes: VALID_PNG.bytes.slice(0, 8) },
  { label: 'JPEG start marker alone', contentType: 'image/jpeg', bytes: VALID_JPEG.bytes.slice(0, 3) },
  {
    label: 'WebP RIFF header alone',
    contentType: 'image/webp',
    bytes: VALID_WEBP.bytes.slice(0, 12),
  },
  { label: 'empty', contentType: 'image/png', bytes: new Uint8Array(0) },
];

/** Content-Type headers an upload may arrive with (null: none at all). */
export const IMAGE_CONTENT_TYPES: readonly (string | null)[] = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/svg+xml',
  'application/octet-stream',
  'application/json',
  'text/plain',
  'text/html',
  'multipart/form-data; boundary=xyz',
  'application/x-www-form-urlencoded',
  'image/png; charset=utf-8',
  'IMAGE/PNG',
  '',
  null,
];
