/**
 * A logger whose JSON lines a test reads (issue 15 "Logs"): pino writes to a stream here
 * instead of stdout.
 */
import { Writable } from 'node:stream';
import { createLogger, type Logger, type LogLevel } from '../src/log.ts';

/** A captured logger: its lines parsed, and as written. */
export interface CapturedLog {
  logger: Logger;
  lines: Array<Record<string, unknown>>;
  raw: string[];
}

/** A logger at `level` (default info) whose lines land in `lines` and `raw`. */
export function capturedLogger(level: LogLevel = 'info'): CapturedLog {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: createLogger({ logLevel: level }, destination), lines, raw };
}
