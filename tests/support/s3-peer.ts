import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Config } from '@/server/config';

/** What the tests use of s3rver (it ships no types). */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

/** A running S3-compatible peer: `config` is what S3_* would give the app (path style, s3rver's fixed keys). */
export interface S3Peer {
  config: S3Config;
  /** Stops the server and deletes its folder. */
  close(): Promise<void>;
}

/**
 * Starts s3rver (jamhall/s3rver: a small S3-compatible server that keeps objects in a folder and checks request
 * signatures) on a random loopback port with one empty bucket, in a fresh temporary folder.
 */
export async function startS3Peer({ bucket = 'barback-test' }: { bucket?: string } = {}): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'barback-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      // s3rver signs with these fixed credentials (its README).
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
