import path from 'node:path';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_SQLITE_FILE,
  DEFAULT_UPLOADS_DIR,
  PROJECT_ROOT,
  loadConfig,
  parseDatabaseUrl,
} from './config';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      database: { dialect: 'sqlite', file: DEFAULT_SQLITE_FILE },
      logLevel: 'info',
      appVersion: '0.0.0',
      trustProxyHeader: null,
      trustProxyHops: 1,
      webConcurrency: 1,
      appUrl: 'http://localhost:3000',
      trustedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      betterAuthSecret: null,
      google: null,
      facebook: null,
      smtpUrl: null,
      mailFrom: 'Barback <no-reply@barback.app>',
      supportEmail: 'support@barback.app',
      devTools: false,
      authTestOAuthIssuer: null,
      redisUrl: null,
      redisKeyPrefix: 'barback:',
      revenueCat: {
        // Development turns the wrapper simulator on, which signs its own webhooks with a random per-process secret.
        webhookAuth: expect.stringMatching(/^Bearer sim-[0-9a-f]{48}$/),
        apiKey: null,
        apiUrl: 'https://api.revenuecat.com',
        apiTimeoutMs: 5000,
      },
      wrapperSimulator: true,
      uploads: { dir: DEFAULT_UPLOADS_DIR, s3: null },
    });
    expect(DEFAULT_SQLITE_FILE).toBe(path.join(PROJECT_ROOT, 'var', 'barback.sqlite'));
    expect(DEFAULT_UPLOADS_DIR).toBe(path.join(PROJECT_ROOT, 'var', 'uploads'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app@db:5432/barback',
      LOG_LEVEL: 'silent',
      APP_VERSION: '1.2.3',
      TRUST_PROXY_HEADER: 'X-Forwarded-For',
      TRUST_PROXY_HOPS: '2',
      APP_URL: 'https://barback.example/',
      WEB_CONCURRENCY: '3',
      BETTER_AUTH_SECRET: 'a'.repeat(40),
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      FACEBOOK_CLIENT_ID: 'f-id',
      FACEBOOK_CLIENT_SECRET: 'f-secret',
      SMTP_URL: 'smtp://mail.example:2525',
      MAIL_FROM: 'Bar <bar@barback.example>',
      SUPPORT_EMAIL: 'help@barback.example',
      DEV_TOOLS: '1',
      REDIS_URL: 'redis://cache:6379',
      REDIS_KEY_PREFIX: 'barback-staging:',
      REVENUECAT_WEBHOOK_AUTH: 'Bearer webhook-secret-0123456789',
      REVENUECAT_API_KEY: 'sk_live_key',
      REVENUECAT_API_URL: 'https://rc.example/',
      REVENUECAT_API_TIMEOUT_MS: '1500',
      WRAPPER_SIMULATOR: '0',
      UPLOADS_DIR: '/srv/barback/uploads',
      S3_ENDPOINT: 'https://s3.example/',
      S3_REGION: 'eu-west-2',
      S3_BUCKET: 'barback-media',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 's3-secret',
      S3_FORCE_PATH_STYLE: '0',
    });
    expect(config).toEqual({
      nodeEnv: 'production',
      port: 8080,
      host: '127.0.0.1',
      database: { dialect: 'postgres', url: 'postgres://app@db:5432/barback' },
      logLevel: 'silent',
      appVersion: '1.2.3',
      trustProxyHeader: 'x-forwarded-for',
      trustProxyHops: 2,
      webConcurrency: 3,
      appUrl: 'https://barback.example',
      trustedOrigins: ['https://barback.example'],
      betterAuthSecret: 'a'.repeat(40),
      google: { clientId: 'g-id', clientSecret: 'g-secret' },
      facebook: { clientId: 'f-id', clientSecret: 'f-secret' },
      smtpUrl: 'smtp://mail.example:2525',
      mailFrom: 'Bar <bar@barback.example>',
      supportEmail: 'help@barback.example',
      devTools: true,
      authTestOAuthIssuer: null,
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'barback-staging:',
      revenueCat: {
        webhookAuth: 'Bearer webhook-secret-0123456789',
        apiKey: 'sk_live_key',
        apiUrl: 'https://rc.example',
        apiTimeoutMs: 1500,
      },
      wrapperSimulator: false,
      uploads: {
        dir: '/srv/barback/uploads',
        s3: {
          endpoint: 'https://s3.example',
          region: 'eu-west-2',
          bucket: 'barback-media',
          accessKeyId: 'AKIAEXAMPLE',
          secretAccessKey: 's3-secret',
          forcePathStyle: false,
        },
      },
    });
  });

  it('runs as many processes as WEB_CONCURRENCY says: 1-64, or auto for every CPU', () => {
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: '64' }).webConcurrency).toBe(64);
    for (const bad of ['0', '65', '1.5', 'many']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY: must be/);
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', LOG_LEVEL: '' })).toMatchObject({
      port: 3000,
      logLevel: 'info',
      database: { dialect: 'sqlite', file: DEFAULT_SQLITE_FILE },
    });
  });

  it('fails listing every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'staging',
        PORT: '70000',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        TRUST_PROXY_HEADER: 'bad header',
        TRUST_PROXY_HOPS: '0',
        REDIS_KEY_PREFIX: 'has space',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'NODE_ENV',
      'PORT',
      'DATABASE_URL',
      'LOG_LEVEL',
      'TRUST_PROXY_HEADER',
      'TRUST_PROXY_HOPS',
      'REDIS_KEY_PREFIX',
    ]);
    expect((error as ConfigError).message).toContain('PORT: must be 0-65535');
    expect((error as ConfigError).message).toContain(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    );
  });
});

describe('loadConfig: accounts and mail', () => {
  it('requires BETTER_AUTH_SECRET in production and at least 32 characters anywhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/BETTER_AUTH_SECRET: is required in production/);
    expect(() => loadConfig({ BETTER_AUTH_SECRET: 'short' })).toThrow(/BETTER_AUTH_SECRET: must be at least 32/);
  });

  it('refuses AUTH_TEST_OAUTH_ISSUER outside NODE_ENV=test', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() =>
        loadConfig({ NODE_ENV, BETTER_AUTH_SECRET: 'b'.repeat(32), AUTH_TEST_OAUTH_ISSUER: 'http://127.0.0.1:9999' }),
      ).toThrow(/AUTH_TEST_OAUTH_ISSUER: is only allowed with NODE_ENV=test/);
    }
    expect(loadConfig({ NODE_ENV: 'test', AUTH_TEST_OAUTH_ISSUER: 'http://127.0.0.1:9999/' }).authTestOAuthIssuer).toBe(
      'http://127.0.0.1:9999',
    );
  });

  it('wants OAuth client ids and secrets in pairs, and valid URLs', () => {
    let error: unknown;
    try {
      loadConfig({ GOOGLE_CLIENT_ID: 'only-id', FACEBOOK_CLIENT_SECRET: 'only-secret' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'GOOGLE_CLIENT_SECRET: must be set together with GOOGLE_CLIENT_ID',
      'FACEBOOK_CLIENT_ID: must be set together with FACEBOOK_CLIENT_SECRET',
    ]);
    expect(() => loadConfig({ APP_URL: 'ftp://x' })).toThrow(/APP_URL: must be an absolute http/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'nobody' })).toThrow(/SUPPORT_EMAIL: must be an email address/);
    expect(() => loadConfig({ DEV_TOOLS: 'yes' })).toThrow(/DEV_TOOLS: must be 1 or 0/);
  });

  it('defaults APP_URL to localhost on PORT and trusts only the app itself', () => {
    expect(loadConfig({ PORT: '4100' })).toMatchObject({
      appUrl: 'http://localhost:4100',
      trustedOrigins: ['http://localhost:4100', 'http://127.0.0.1:4100'],
    });
    expect(loadConfig({ APP_URL: 'http://127.0.0.1:5000' }).trustedOrigins).toEqual(['http://127.0.0.1:5000']);
  });
});

describe('parseDatabaseUrl', () => {
  it.each([
    [undefined, { dialect: 'sqlite', file: DEFAULT_SQLITE_FILE }],
    ['postgresql://u@h/db', { dialect: 'postgres', url: 'postgresql://u@h/db' }],
    ['sqlite:var/other.sqlite', { dialect: 'sqlite', file: path.join(PROJECT_ROOT, 'var', 'other.sqlite') }],
    ['sqlite:///tmp/x.sqlite', { dialect: 'sqlite', file: '/tmp/x.sqlite' }],
    ['file:/tmp/y.db', { dialect: 'sqlite', file: '/tmp/y.db' }],
    ['/tmp/z.sqlite', { dialect: 'sqlite', file: '/tmp/z.sqlite' }],
    ['data/z.sqlite', { dialect: 'sqlite', file: path.join(PROJECT_ROOT, 'data', 'z.sqlite') }],
    [':memory:', { dialect: 'sqlite', file: ':memory:' }],
  ])('reads %s', (value, expected) => {
    expect(parseDatabaseUrl(value)).toEqual(expected);
  });

  it('rejects other schemes and an empty sqlite path', () => {
    expect(() => parseDatabaseUrl('mysql://u@h/db')).toThrow(/postgres/);
    expect(() => parseDatabaseUrl('sqlite:')).toThrow(/names no SQLite file/);
  });
});

describe('loadConfig: the listening address', () => {
  it('listens on this machine only outside production, on every interface in production, and as HOST says', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'c'.repeat(32) }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5', BETTER_AUTH_SECRET: 'c'.repeat(32) }).host).toBe(
      '10.0.0.5',
    );
  });
});

describe('loadConfig: payments', () => {
  it('keeps the webhook off and the simulator off outside development unless asked', () => {
    for (const NODE_ENV of ['test', 'production']) {
      const config = loadConfig({ NODE_ENV, BETTER_AUTH_SECRET: 'c'.repeat(32) });
      expect(config.wrapperSimulator).toBe(false);
      expect(config.revenueCat.webhookAuth).toBeNull();
    }
    expect(loadConfig({ NODE_ENV: 'development', WRAPPER_SIMULATOR: '0' })).toMatchObject({
      wrapperSimulator: false,
      revenueCat: { webhookAuth: null },
    });
  });

  it('refuses the wrapper simulator in production, whatever else is set', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', WRAPPER_SIMULATOR: '1', BETTER_AUTH_SECRET: 'c'.repeat(32) }),
    ).toThrow(/WRAPPER_SIMULATOR: is never allowed with NODE_ENV=production/);
    expect(
      loadConfig({ NODE_ENV: 'production', WRAPPER_SIMULATOR: '0', BETTER_AUTH_SECRET: 'c'.repeat(32) })
        .wrapperSimulator,
    ).toBe(false);
  });

  it('makes a fresh random webhook secret per load when the simulator is on and none is set', () => {
    const first = loadConfig({ NODE_ENV: 'test', WRAPPER_SIMULATOR: '1' });
    const second = loadConfig({ NODE_ENV: 'test', WRAPPER_SIMULATOR: 'true' });
    expect(first.wrapperSimulator).toBe(true);
    expect(first.revenueCat.webhookAuth).toMatch(/^Bearer sim-[0-9a-f]{48}$/);
    expect(second.revenueCat.webhookAuth).not.toBe(first.revenueCat.webhookAuth);
    // A configured secret wins over the generated one.
    const configured = loadConfig({
      NODE_ENV: 'test',
      WRAPPER_SIMULATOR: '1',
      REVENUECAT_WEBHOOK_AUTH: 'Bearer configured-secret-123',
    });
    expect(configured.revenueCat.webhookAuth).toBe('Bearer configured-secret-123');
  });

  it('refuses a short webhook secret, a bad API URL, timeout or simulator flag, naming each', () => {
    let error: unknown;
    try {
      loadConfig({
        REVENUECAT_WEBHOOK_AUTH: 'short',
        REVENUECAT_API_URL: 'api.revenuecat.com',
        REVENUECAT_API_TIMEOUT_MS: '50',
        WRAPPER_SIMULATOR: 'yes',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'REVENUECAT_WEBHOOK_AUTH: must be at least 16 characters',
      'REVENUECAT_API_URL: must be an absolute http:// or https:// URL',
      'REVENUECAT_API_TIMEOUT_MS: must be 100-60000',
      'WRAPPER_SIMULATOR: must be 1 or 0',
    ]);
  });
});

describe('loadConfig: uploads', () => {
  const keys = { S3_BUCKET: 'barback-test', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps images in UPLOADS_DIR, resolved from the project root, when no bucket is set', () => {
    expect(loadConfig({ UPLOADS_DIR: 'data/images' }).uploads).toEqual({
      dir: path.join(PROJECT_ROOT, 'data', 'images'),
      s3: null,
    });
    expect(loadConfig({ UPLOADS_DIR: ' ', S3_BUCKET: '', S3_REGION: '' }).uploads).toEqual({
      dir: DEFAULT_UPLOADS_DIR,
      s3: null,
    });
  });

  it('uses AWS itself (no endpoint, virtual-hosted style, us-east-1) when only the bucket and keys are set', () => {
    expect(loadConfig(keys).uploads.s3).toEqual({
      endpoint: null,
      region: 'us-east-1',
      bucket: 'barback-test',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
  });

  it('addresses a custom endpoint by path unless S3_FORCE_PATH_STYLE=0', () => {
    const endpoint = { ...keys, S3_ENDPOINT: 'http://127.0.0.1:9000' };
    expect(loadConfig(endpoint).uploads.s3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
    expect(loadConfig({ ...endpoint, S3_FORCE_PATH_STYLE: 'false' }).uploads.s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ ...keys, S3_FORCE_PATH_STYLE: '1' }).uploads.s3?.forcePathStyle).toBe(true);
  });

  it('lists what is missing when S3_BUCKET, the keys or S3_ENDPOINT come without the rest', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      throw new Error('expected a ConfigError');
    };
    expect(problemsOf({ S3_BUCKET: 'barback-test' })).toEqual([
      'S3_ACCESS_KEY_ID: must be set together with S3_BUCKET',
      'S3_SECRET_ACCESS_KEY: must be set together with S3_BUCKET',
    ]);
    expect(problemsOf({ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })).toEqual([
      'S3_BUCKET: must be set together with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    ]);
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
      'S3_BUCKET: must be set together with S3_ENDPOINT',
      'S3_ACCESS_KEY_ID: must be set together with S3_ENDPOINT',
      'S3_SECRET_ACCESS_KEY: must be set together with S3_ENDPOINT',
    ]);
  });

  it('refuses a bad endpoint, region, bucket name or path-style flag, naming each', () => {
    expect(() =>
      loadConfig({
        ...keys,
        S3_ENDPOINT: 'minio:9000',
        S3_REGION: 'EU West',
        S3_BUCKET: 'Bad_Bucket',
        S3_FORCE_PATH_STYLE: 'yes',
      }),
    ).toThrow(
      expect.objectContaining({
        problems: [
          'S3_ENDPOINT: must be an absolute http:// or https:// URL',
          'S3_REGION: must be a region name such as us-east-1',
          'S3_BUCKET: must be a bucket name: 3-63 lower-case letters, digits, . or -',
          'S3_FORCE_PATH_STYLE: must be 1 or 0',
        ],
      }),
    );
  });
});
