import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs to stdout (or `destination`: a test reading every line); level from env (tests pass 'silent'). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, base: { app: 'tourguides' } };
  return destination ? pino(options, destination) : pino(options);
}
