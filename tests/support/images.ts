import { crc32, deflateRawSync, constants as zlibConstants } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images made in the tests (no binary fixtures), for the upload pipeline's tests, the venue photo tests and the fuzz:
 * noisy photos, PNG chunks with their CRC, and a real decompression bomb.
 */

/** The formats the upload pipeline accepts. */
export type TestImageFormat = 'jpeg' | 'png' | 'webp';

/** A noisy image of `width` x `height` px: its compressed data fills the file, so cutting the file cuts pixel data. */
export function noisyImage(width: number, height: number, format: TestImageFormat): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .toFormat(format)
    .toBuffer();
}

/** One PNG chunk: its length, type, data and CRC-32 (as the PNG specification lays it out). */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A real decompression bomb: a valid 8-bit greyscale PNG of `size` x `size` black pixels (400 MB decoded at 20000 px)
 * in a few hundred kB. Built by hand because sharp takes ~20 s to encode one: the zlib stream repeats one full-flushed
 * deflate block of zero rows (a full flush resets the dictionary, so the copies are independent) and ends with the
 * Adler-32 of all those zeros, which is (n mod 65521) << 16 | 1. `size` must be a multiple of 100.
 */
export function greyscaleBombPng(size: number): Buffer {
  const rowBytes = size + 1; // filter byte + one byte a pixel
  const rowsPerBlock = 100;
  const block = deflateRawSync(Buffer.alloc(rowBytes * rowsPerBlock), {
    level: 9,
    finishFlush: zlibConstants.Z_FULL_FLUSH,
  });
  const total = rowBytes * size;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  const zlibStream = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: size / rowsPerBlock }, () => block),
    deflateRawSync(Buffer.alloc(0)), // the final, empty block
    adler,
  ]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlibStream),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
