import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

/** One JSON log line as pino wrote it: `level` is pino's number (30 info, 40 warn, 50 error), `msg` the message. */
export interface LogLine extends Record<string, unknown> {
  level: number;
  msg: string;
}

/** pino's level numbers. */
export const LOG_LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/**
 * A real pino logger writing to memory at `level` and above (default debug), for tests that read what the server logs.
 * @returns the logger and the lines it wrote so far, parsed (the array fills as the logger writes).
 */
export function captureLogs(level: keyof typeof LOG_LEVEL = 'debug'): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}
