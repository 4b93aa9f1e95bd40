import { pino, type Logger } from 'pino';
import type { Config } from './config';

export type { Logger } from 'pino';

/**
 * Builds the server's logger: pino JSON lines on stdout; in development, pretty lines through the pino-pretty transport;
 * nothing at all when the level is 'silent'.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>): Logger {
  if (config.logLevel === 'silent') return pino({ level: 'silent' });
  if (config.nodeEnv === 'development') {
    return pino({
      level: config.logLevel,
      transport: {
        target: 'pino-pretty',
        options: { colorize: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
      },
    });
  }
  return pino({ level: config.logLevel, base: { service: 'barback' } });
}

/** A logger that writes nothing: for tests and scripts that build an app without wanting output. */
export function createSilentLogger(): Logger {
  return pino({ level: 'silent' });
}
