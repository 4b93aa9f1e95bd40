import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Peer } from '../../../tests/support/s3-peer';
import { DEFAULT_UPLOADS_DIR, loadConfig } from '../config';
import { AppError } from '../errors';
import { processImage } from './image';
import {
  createImageStore,
  createLocalImageStore,
  createS3ImageStore,
  isValidImageKey,
  storeImage,
  type ImageStore,
} from './storage';

const webp = (text: string) => Buffer.from(`RIFF....WEBP${text}`);

describe('isValidImageKey', () => {
  it.each(['a.webp', 'venues/42/3f9c-640.webp', 'a_b/c-d/e.f.jpg', '0/1'])('accepts %s', (key) => {
    expect(isValidImageKey(key)).toBe(true);
  });

  it.each([
    '',
    '../secret',
    'a/../b.webp',
    'a/..',
    'a..b.webp',
    '/abs.webp',
    'a//b.webp',
    'a/b/',
    '.hidden',
    'a/.tmp/x.part',
    'Upper.webp',
    'space here.webp',
    'a\\b.webp',
    'a%2fb.webp',
    'nul\0.webp',
    `${'a'.repeat(513)}`,
  ])('refuses %j', (key) => {
    expect(isValidImageKey(key)).toBe(false);
  });
});

/** The store contract, run against each implementation. */
function describeStore(name: string, open: () => Promise<{ store: ImageStore; close(): Promise<void> }>) {
  describe(name, () => {
    let store: ImageStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(() => close());

    it('puts, gets and deletes files by key', async () => {
      await store.put('venues/1/a-320.webp', webp('one'), 'image/webp');
      await store.put('venues/1/a-320.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
      expect(await store.get('venues/1/a-320.webp')).toEqual({ body: webp('one'), contentType: 'image/webp' });
      expect(await store.get('venues/1/a-320.jpg')).toEqual({
        body: Buffer.from('jpeg bytes'),
        contentType: 'image/jpeg',
      });

      await store.put('venues/1/a-320.webp', webp('two'), 'image/webp');
      expect((await store.get('venues/1/a-320.webp'))?.body).toEqual(webp('two'));

      await store.deleteMany(['venues/1/a-320.webp', 'venues/1/a-320.jpg', 'venues/1/never-written.webp']);
      expect(await store.get('venues/1/a-320.webp')).toBeNull();
      expect(await store.get('venues/1/a-320.jpg')).toBeNull();
      await store.deleteMany([]);
    });

    it('answers null for a key that holds nothing (or names a folder)', async () => {
      expect(await store.get('missing/nothing.webp')).toBeNull();
      await store.put('folder/inside.webp', webp('x'), 'image/webp');
      expect(await store.get('folder')).toBeNull();
      await store.deleteMany(['folder/inside.webp']);
    });

    it('refuses invalid keys with 400 BAD_REQUEST before touching storage', async () => {
      for (const key of ['../escape.webp', 'a/../../b.webp', 'Bad.webp', '/root.webp']) {
        await expect(store.put(key, webp('x'), 'image/webp')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
        await expect(store.get(key)).rejects.toBeInstanceOf(AppError);
        await expect(store.deleteMany(['fine.webp', key])).rejects.toMatchObject({ code: 'BAD_REQUEST', status: 400 });
      }
    });
  });
}

describeStore('createLocalImageStore', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'barback-uploads-'));
  return { store: createLocalImageStore({ dir }), close: () => rm(dir, { recursive: true, force: true }) };
});

describeStore('createS3ImageStore (against s3rver)', async () => {
  const peer = await startS3Peer();
  return { store: createS3ImageStore(peer.config), close: () => peer.close() };
});

describe('createLocalImageStore: files on disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'barback-uploads-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps key a/b.webp as the file dir/a/b.webp and leaves no temporary file behind', async () => {
    const store = createLocalImageStore({ dir });
    await store.put('a/b.webp', webp('x'), 'image/webp');
    expect(await readdir(path.join(dir, 'a'))).toEqual(['b.webp']);
    expect(await readdir(path.join(dir, '.tmp'))).toEqual([]);
  });

  it('never serves the temporary files: they live under .tmp, which no valid key reaches', async () => {
    const store = createLocalImageStore({ dir });
    await store.put('a.webp', webp('x'), 'image/webp');
    await writeFile(path.join(dir, '.tmp', 'half.part'), 'half-written');
    await expect(store.get('.tmp/half.part')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('takes the content type from the extension, and refuses a put that disagrees with it', async () => {
    const store = createLocalImageStore({ dir });
    await expect(store.put('a.webp', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/served as image\/webp/);
    await store.put('c.png', Buffer.from('x'), 'image/png');
    expect((await store.get('c.png'))?.contentType).toBe('image/png');
  });

  it('defaults to var/uploads', () => {
    expect(DEFAULT_UPLOADS_DIR).toMatch(/var[/\\]uploads$/);
  });
});

describe('createImageStore', () => {
  it('picks the local folder without S3 settings and S3 with them', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'barback-uploads-'));
    const peer = await startS3Peer();
    try {
      const local = createImageStore(loadConfig({ UPLOADS_DIR: dir }).uploads);
      await local.put('pick/local.webp', webp('local'), 'image/webp');
      expect(await readdir(path.join(dir, 'pick'))).toEqual(['local.webp']);

      const { config } = peer;
      const s3 = createImageStore(
        loadConfig({
          UPLOADS_DIR: dir,
          S3_ENDPOINT: config.endpoint ?? '',
          S3_BUCKET: config.bucket,
          S3_ACCESS_KEY_ID: config.accessKeyId,
          S3_SECRET_ACCESS_KEY: config.secretAccessKey,
        }).uploads,
      );
      await s3.put('pick/s3.webp', webp('s3'), 'image/webp');
      expect((await s3.get('pick/s3.webp'))?.body).toEqual(webp('s3'));
      expect(await local.get('pick/s3.webp')).toBeNull();
    } finally {
      await peer.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('storeImage', () => {
  let dir: string;
  let photo: Awaited<ReturnType<typeof processImage>>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'barback-uploads-'));
    const input = await sharp({ create: { width: 700, height: 350, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer();
    photo = await processImage(input);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes every variant under prefix/id-width.ext and describes them', async () => {
    const store = createLocalImageStore({ dir });
    const stored = await storeImage({ store, prefix: 'venues/7/signatures', image: photo });
    expect(stored.id).toMatch(/^[0-9a-f]{32}$/);
    expect(stored).toEqual({
      id: stored.id,
      width: 700,
      height: 350,
      variants: [
        { width: 320, height: 160, format: 'webp', key: `venues/7/signatures/${stored.id}-320.webp` },
        { width: 320, height: 160, format: 'jpeg', key: `venues/7/signatures/${stored.id}-320.jpg` },
        { width: 640, height: 320, format: 'webp', key: `venues/7/signatures/${stored.id}-640.webp` },
        { width: 640, height: 320, format: 'jpeg', key: `venues/7/signatures/${stored.id}-640.jpg` },
      ],
    });
    for (const [index, variant] of stored.variants.entries()) {
      expect(await store.get(variant.key)).toEqual({
        body: photo.variants[index]!.body,
        contentType: photo.variants[index]!.contentType,
      });
    }
    const again = await storeImage({ store, prefix: 'venues/7/signatures', image: photo });
    expect(again.id).not.toBe(stored.id);
  });

  it('deletes what it wrote and throws the write error when any put fails', async () => {
    const local = createLocalImageStore({ dir });
    let puts = 0;
    const failing: ImageStore = {
      ...local,
      async put(key, body, contentType) {
        puts += 1;
        if (key.endsWith('-640.jpg')) throw new Error('disk full');
        await local.put(key, body, contentType);
      },
    };
    await expect(storeImage({ store: failing, prefix: 'rollback', image: photo })).rejects.toThrow('disk full');
    expect(puts).toBe(4);
    expect(await readdir(path.join(dir, 'rollback'))).toEqual([]);
  });

  it('still throws the write error when the clean-up fails too', async () => {
    const failing: ImageStore = {
      put: () => Promise.reject(new Error('bucket gone')),
      get: () => Promise.resolve(null),
      deleteMany: () => Promise.reject(new Error('still gone')),
    };
    await expect(storeImage({ store: failing, prefix: 'x', image: photo })).rejects.toThrow('bucket gone');
  });

  it('refuses an invalid prefix before writing anything', async () => {
    const store = createLocalImageStore({ dir });
    await expect(storeImage({ store, prefix: '../outside', image: photo })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
