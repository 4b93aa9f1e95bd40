import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SQLITE_FILE, PROJECT_ROOT, loadConfig, parseDatabaseUrl } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      database: { dialect: 'sqlite', file: DEFAULT_SQLITE_FILE },
      logLevel: 'info',
      appVersion: '0.0.0',
      trustProxyHeader: null,
    });
    expect(DEFAULT_SQLITE_FILE).toBe(path.join(PROJECT_ROOT, 'var', 'barback.sqlite'));
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
    });
    expect(config).toEqual({
      nodeEnv: 'production',
      port: 8080,
      host: '127.0.0.1',
      database: { dialect: 'postgres', url: 'postgres://app@db:5432/barback' },
      logLevel: 'silent',
      appVersion: '1.2.3',
      trustProxyHeader: 'x-forwarded-for',
    });
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
    ]);
    expect((error as ConfigError).message).toContain('PORT: must be 0-65535');
    expect((error as ConfigError).message).toContain(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    );
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
