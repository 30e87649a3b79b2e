import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs to stdout; level from env (tests pass 'silent'). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { app: 'tourguides' } });
}
