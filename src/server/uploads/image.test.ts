import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { greyscaleBombPng, noisyImage as noisy } from '../../../tests/support/images';
import { AppError } from '../errors';
import {
  IMAGE_MESSAGES,
  IMAGE_WIDTHS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  processImage,
  sniffImageFormat,
  variantWidths,
} from './image';

type Format = 'jpeg' | 'png' | 'webp';

/** A flat-colour image of the given size and format, made by sharp (no binary fixtures). */
function solid(width: number, height: number, format: Format | 'gif' | 'tiff', alpha = false): Promise<Buffer> {
  const background = alpha ? { r: 200, g: 40, b: 40, alpha: 0.5 } : '#c83232';
  return sharp({ create: { width, height, channels: alpha ? 4 : 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** The AppError `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectInvalid(promise: Promise<unknown>, message: string | RegExp) {
  const error = await refusal(promise);
  expect(error.code).toBe('IMAGE_INVALID');
  expect(error.status).toBe(400);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}

describe('processImage: what it makes', () => {
  it.each<Format>(['jpeg', 'png', 'webp'])(
    'makes WebP and JPEG variants at 320, 640 and 1280 px of a %s',
    async (format) => {
      const image = await processImage(await solid(1600, 1200, format));
      expect(image).toMatchObject({ width: 1600, height: 1200, sourceFormat: format });
      expect(
        image.variants.map(({ width, height, format, contentType }) => ({ width, height, format, contentType })),
      ).toEqual([
        { width: 320, height: 240, format: 'webp', contentType: 'image/webp' },
        { width: 320, height: 240, format: 'jpeg', contentType: 'image/jpeg' },
        { width: 640, height: 480, format: 'webp', contentType: 'image/webp' },
        { width: 640, height: 480, format: 'jpeg', contentType: 'image/jpeg' },
        { width: 1280, height: 960, format: 'webp', contentType: 'image/webp' },
        { width: 1280, height: 960, format: 'jpeg', contentType: 'image/jpeg' },
      ]);
      for (const variant of image.variants) {
        const decoded = await sharp(variant.body).metadata();
        expect({ format: decoded.format, width: decoded.width, height: decoded.height }).toEqual({
          format: variant.format,
          width: variant.width,
          height: variant.height,
        });
      }
    },
  );

  it('never enlarges: skips widths above the source, and keeps a source narrower than 320 px at its own width', async () => {
    const medium = await processImage(await solid(700, 350, 'png'));
    expect(medium.variants.map((v) => `${v.format}@${v.width}x${v.height}`)).toEqual([
      'webp@320x160',
      'jpeg@320x160',
      'webp@640x320',
      'jpeg@640x320',
    ]);
    const small = await processImage(await solid(200, 120, 'jpeg'));
    expect(small.variants.map((v) => `${v.format}@${v.width}x${v.height}`)).toEqual(['webp@200x120', 'jpeg@200x120']);
    expect(variantWidths(1280)).toEqual([320, 640, 1280]);
    expect(variantWidths(4000)).toEqual([...IMAGE_WIDTHS]);
    expect(variantWidths(319)).toEqual([319]);
  });

  it('keeps the aspect ratio of a tall image', async () => {
    const image = await processImage(await solid(400, 1000, 'webp'));
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 800],
      [320, 800],
    ]);
  });

  it('keeps the first frame of an animated WebP', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00'].map((colour) =>
        sharp({ create: { width: 400, height: 200, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .webp()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const image = await processImage(animated);
    expect(image.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ['webp', 320, 160],
      ['jpeg', 320, 160],
    ]);
    const out = await sharp(image.variants[0]!.body).metadata();
    expect(out.pages ?? 1).toBe(1);
    expect((await sharp(image.variants[1]!.body).stats()).dominant.r).toBeGreaterThan(200);
  });

  it('keeps transparency in WebP and flattens it onto white in JPEG', async () => {
    const image = await processImage(await solid(320, 200, 'png', true));
    const [webp, jpeg] = image.variants;
    expect((await sharp(webp!.body).metadata()).hasAlpha).toBe(true);
    const flattened = await sharp(jpeg!.body).metadata();
    expect(flattened.hasAlpha).toBe(false);
    // 50% red over white is pink, not the dark red a flatten onto black would give.
    const { dominant } = await sharp(jpeg!.body).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeGreaterThan(120);
  });

  it('turns the image upright from its EXIF orientation, then strips EXIF, GPS and the ICC profile', async () => {
    // 64 x 48 stored, orientation 6 (rotate 90 degrees clockwise to view): upright it is 48 x 64.
    const input = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888888' } })
      .withExif({
        IFD0: { Make: 'SecretCam', Copyright: 'Hidden Bar Ltd' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.icc).toBeDefined();
    expect(before.exif?.toString('latin1')).toContain('SecretCam');

    const image = await processImage(input);
    expect({ width: image.width, height: image.height }).toEqual({ width: 48, height: 64 });
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [48, 64],
      [48, 64],
    ]);
    for (const variant of image.variants) {
      const after = await sharp(variant.body).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(variant.body.includes('SecretCam')).toBe(false);
      expect(variant.body.includes('Hidden Bar')).toBe(false);
    }
  });
});

describe('processImage: what it refuses (400 IMAGE_INVALID)', () => {
  it('refuses GIF, TIFF, SVG, text and empty input by their bytes', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    for (const input of [
      await solid(10, 10, 'gif'),
      await solid(10, 10, 'tiff'),
      svg,
      Buffer.from('hello, this is not an image'),
      new Uint8Array(0),
    ]) {
      await expectInvalid(processImage(input), IMAGE_MESSAGES.type);
    }
  });

  it('reads the format from the bytes (magic numbers)', async () => {
    expect(sniffImageFormat(await solid(4, 4, 'jpeg'))).toBe('jpeg');
    expect(sniffImageFormat(await solid(4, 4, 'png'))).toBe('png');
    expect(sniffImageFormat(await solid(4, 4, 'webp'))).toBe('webp');
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('refuses a file over 10 MB before reading it', async () => {
    const oversized = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    (await solid(8, 8, 'jpeg')).copy(oversized);
    expect(IMAGE_MESSAGES.tooBig(MAX_IMAGE_BYTES)).toBe('That image is over 10 MB.');
    await expectInvalid(processImage(oversized), 'That image is over 10 MB.');
    // Exactly 10 MB is accepted: a JPEG followed by zeros (decoders stop at the JPEG's end marker).
    await expect(processImage(oversized.subarray(0, MAX_IMAGE_BYTES))).resolves.toMatchObject({ width: 8, height: 8 });
  });

  it.each<Format>(['jpeg', 'png', 'webp'])('refuses a truncated %s as damaged', async (format) => {
    const whole = await noisy(300, 300, format);
    await expectInvalid(processImage(whole.subarray(0, Math.floor(whole.length * 0.6))), IMAGE_MESSAGES.damaged);
  });

  it('refuses a PNG signature followed by random bytes as damaged', async () => {
    const png = await solid(50, 50, 'png');
    const random = Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919 + 13) % 256));
    await expectInvalid(processImage(Buffer.concat([png.subarray(0, 8), random])), IMAGE_MESSAGES.damaged);
    await expectInvalid(processImage(Buffer.concat([png.subarray(0, 33), random])), IMAGE_MESSAGES.damaged);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const bomb = greyscaleBombPng(20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const header = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect({ width: header.width, height: header.height }).toEqual({ width: 20_000, height: 20_000 });

    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    await expectInvalid(processImage(bomb), 'That image is too large to process (over 40 megapixels).');
    // Decoding would take 400 MB and seconds; the header check takes neither.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
  });

  it('takes its pixel limit from options', async () => {
    const input = await solid(1200, 1000, 'png');
    await expectInvalid(processImage(input, { maxPixels: 1_000_000 }), IMAGE_MESSAGES.tooManyPixels(1));
    await expect(processImage(input, { maxPixels: 1_200_000 })).resolves.toMatchObject({ width: 1200 });
  });
});
