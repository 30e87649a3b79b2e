import net from 'node:net';
import { AppError } from './app-error.ts';

/** One line for the operator: what is wrong and what to do. */
export function portInUseMessage(port: number, host: string): string {
  return `Port ${port} on ${host} is already in use by another process: stop it, or start TourGuides with another PORT.`;
}

/**
 * Fails the start at once when PORT is taken, before the database is migrated and the job workers
 * start (which would otherwise run, then stop with a stack trace once the HTTP server cannot listen).
 */
export async function requirePortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new AppError('CONFLICT', portInUseMessage(port, host)));
      else if (error.code === 'EACCES')
        reject(
          new AppError(
            'FORBIDDEN',
            `Port ${port} on ${host} needs privileges this process lacks: choose another PORT.`,
          ),
        );
      else reject(error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
