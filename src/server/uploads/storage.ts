import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DEFAULT_UPLOADS_DIR, type S3Config, type UploadsConfig } from '../config';
import { AppError } from '../errors';
import type { ProcessedImage, VariantFormat } from './image';

/**
 * Where image files are kept, by key. Keys are paths such as `venues/42/3f9c...-640.webp`: see {@link isValidImageKey}.
 * Every method throws AppError BAD_REQUEST (400) for an invalid key before touching storage; storage failures (disk, S3)
 * are thrown as they come.
 */
export interface ImageStore {
  /** Writes `body` (bytes) under `key`, replacing what was there; readers never see a half-written file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file under `key` and its content type, or null when there is none. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** Deletes every key given; keys that hold nothing are skipped. */
  deleteMany(keys: string[]): Promise<void>;
}

/** Longest key accepted, characters (S3 allows 1024 bytes; ours are far shorter). */
export const MAX_IMAGE_KEY_LENGTH = 512;

const KEY_SEGMENT = /^[a-z0-9][a-z0-9_.-]*$/;

/**
 * True when `key` is a storable key: at most {@link MAX_IMAGE_KEY_LENGTH} characters of `a-z 0-9 / _ . -`, made of
 * `/`-separated segments that each start with a letter or digit (so no empty segment, no leading or trailing `/`, no
 * hidden `.name`), and no `..` anywhere. Such a key is safe as a relative file path and as an S3 key.
 */
export function isValidImageKey(key: string): boolean {
  return (
    typeof key === 'string' &&
    key.length > 0 &&
    key.length <= MAX_IMAGE_KEY_LENGTH &&
    !key.includes('..') &&
    key.split('/').every((segment) => KEY_SEGMENT.test(segment))
  );
}

/** @throws AppError BAD_REQUEST (400) unless {@link isValidImageKey}. */
export function assertValidImageKey(key: string): void {
  if (!isValidImageKey(key)) {
    throw new AppError(
      'BAD_REQUEST',
      'invalid media key: use a-z, 0-9, / _ . - in segments that start with a letter or digit, and no ..',
    );
  }
}

/** The content type of each file extension the local store serves; anything else is `application/octet-stream`. */
export const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

/** The content type the local store gives `key`, from its extension ({@link CONTENT_TYPE_BY_EXTENSION}). */
export function contentTypeForKey(key: string): string {
  return CONTENT_TYPE_BY_EXTENSION[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

function isMissingFileError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/**
 * An {@link ImageStore} on the local disk: `key` is the file `dir/key`. A put writes a temporary file in `dir/.tmp` (a
 * name no valid key reaches, on the same file system) and renames it into place, so a reader gets the whole old file or
 * the whole new one. The content type is not stored: it comes back from the key's extension
 * ({@link contentTypeForKey}), so a put whose `contentType` disagrees with the extension throws (the S3 store would
 * otherwise answer differently).
 *
 * @param options.dir the folder, created when first written (default var/uploads under the project root).
 */
export function createLocalImageStore({ dir = DEFAULT_UPLOADS_DIR }: { dir?: string } = {}): ImageStore {
  const root = path.resolve(dir);
  const tmpDir = path.join(root, '.tmp');
  const fileOf = (key: string) => {
    assertValidImageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, body, contentType) {
      const file = fileOf(key);
      if (contentTypeForKey(key) !== contentType) {
        throw new Error(`local image store: ${key} would be served as ${contentTypeForKey(key)}, not ${contentType}`);
      }
      await mkdir(tmpDir, { recursive: true });
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
      try {
        await writeFile(temporary, body, { flag: 'wx' });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        return { body: await readFile(file), contentType: contentTypeForKey(key) };
      } catch (error) {
        if (isMissingFileError(error)) return null;
        throw error;
      }
    },
    async deleteMany(keys) {
      const files = keys.map(fileOf);
      await Promise.all(files.map((file) => rm(file, { force: true })));
    },
  };
}

/** Settings of {@link createS3ImageStore}: {@link S3Config}, with the endpoint optional (absent: AWS S3 itself). */
export type S3ImageStoreOptions = Omit<S3Config, 'endpoint'> & { endpoint?: string | null };

/** Most keys one DeleteObjects request may name (S3's limit). */
const S3_DELETE_BATCH = 1000;

/** `Cache-Control` stored with each object, for a CDN or browser that reads the bucket directly: keys never change. */
const S3_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * An {@link ImageStore} in an S3-compatible bucket (AWS S3, MinIO, R2, s3rver...) through @aws-sdk/client-s3: PutObject
 * (with the content type and a year-long immutable Cache-Control), GetObject (null on NoSuchKey), DeleteObjects (1000
 * keys a request; any per-key error is thrown). Checksums are computed only where S3 requires them, which every
 * S3-compatible service accepts.
 *
 * @throws the SDK's errors (network, access denied, missing bucket) as they come, from each method.
 */
export function createS3ImageStore(options: S3ImageStoreOptions): ImageStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  return {
    async put(key, body, contentType) {
      assertValidImageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: S3_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      assertValidImageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        const body = Buffer.from(await answer.Body.transformToByteArray());
        return { body, contentType: answer.ContentType ?? contentTypeForKey(key) };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: unknown } | null)?.name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async deleteMany(keys) {
      keys.forEach(assertValidImageKey);
      const unique = [...new Set(keys)];
      for (let start = 0; start < unique.length; start += S3_DELETE_BATCH) {
        const batch = unique.slice(start, start + S3_DELETE_BATCH);
        const answer = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0];
          throw new Error(
            `S3 could not delete ${failed.length} of ${batch.length} objects (first: ${first?.Key}: ${first?.Code} ${first?.Message})`,
          );
        }
      }
    },
  };
}

/** What a request answers while the photo storage cannot be reached (503). */
export const STORAGE_UNAVAILABLE_MESSAGE = 'Photo storage is unavailable right now; please try again shortly.';

/**
 * `store` with its failures told apart: an AppError (a bad key) passes as it is; any other failure (the disk, S3
 * unreachable or refusing) becomes AppError SERVICE_UNAVAILABLE (503, {@link STORAGE_UNAVAILABLE_MESSAGE}) with the
 * original as its cause, so the API never answers 500 for an outage nor names the database for it.
 */
export function guardImageStore(store: ImageStore): ImageStore {
  const guard = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('SERVICE_UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE, { cause: error });
    }
  };
  return {
    put: (key, body, contentType) => guard(() => store.put(key, body, contentType)),
    get: (key) => guard(() => store.get(key)),
    deleteMany: (keys) => guard(() => store.deleteMany(keys)),
  };
}

/**
 * The image store the config describes: the S3 bucket when `uploads.s3` is set (S3_BUCKET and its keys), else the local
 * folder `uploads.dir` (UPLOADS_DIR, default var/uploads); its outages answer 503 ({@link guardImageStore}).
 */
export function createImageStore(uploads: UploadsConfig): ImageStore {
  return guardImageStore(uploads.s3 ? createS3ImageStore(uploads.s3) : createLocalImageStore({ dir: uploads.dir }));
}

/** One stored variant: where it is ({@link ImageStore} key; served at `mediaUrl(key)`), its width (px) and format. */
export interface StoredImageVariant {
  /** Width, px. */
  width: number;
  /** Height, px. */
  height: number;
  format: VariantFormat;
  key: string;
}

/**
 * An image as kept with the record that owns it (e.g. as JSON in a column): its random id, the oriented source size (px)
 * and every variant's key, smallest width first, WebP before JPEG at each width.
 */
export interface StoredImage {
  /** 32 hex characters, random: part of every variant's key, so a new upload never reuses a (cached) URL. */
  id: string;
  /** Width of the oriented source, px. */
  width: number;
  /** Height of the oriented source, px. */
  height: number;
  variants: StoredImageVariant[];
}

const EXTENSION: Record<VariantFormat, string> = { webp: 'webp', jpeg: 'jpg' };

/**
 * Writes every variant of `image` to `store` under `${prefix}/${id}-${width}.${ext}` (ext `webp` or `jpg`; `id` random,
 * 32 hex characters) and returns its {@link StoredImage} descriptor. All or nothing: when any put fails, every key of
 * this image is deleted again (best effort) and the put's error is thrown.
 *
 * @param options.prefix a key prefix such as `venues/42/signatures` (the rules of {@link isValidImageKey}).
 * @throws AppError BAD_REQUEST for an invalid prefix; the store's error when a write fails.
 */
export async function storeImage({
  store,
  prefix,
  image,
}: {
  store: ImageStore;
  prefix: string;
  image: Pick<ProcessedImage, 'width' | 'height' | 'variants'>;
}): Promise<StoredImage> {
  assertValidImageKey(prefix);
  const id = randomBytes(16).toString('hex');
  const writes = image.variants.map((variant) => ({
    variant,
    stored: {
      width: variant.width,
      height: variant.height,
      format: variant.format,
      key: `${prefix}/${id}-${variant.width}.${EXTENSION[variant.format]}`,
    },
  }));
  const results = await Promise.allSettled(
    writes.map(({ variant, stored }) => store.put(stored.key, variant.body, variant.contentType)),
  );
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    // Every put has settled, so nothing is written after this clean-up.
    await store.deleteMany(writes.map(({ stored }) => stored.key)).catch(() => undefined);
    throw failure.reason;
  }
  return { id, width: image.width, height: image.height, variants: writes.map(({ stored }) => stored) };
}
