import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from './logger.ts';

/**
 * The operator socket (ADR 0036): with the embedded database the running server owns DATA_DIR (PGlite
 * takes one process), so an operator command such as `npm run admin:grant` asks the server to do it
 * over a unix socket inside DATA_DIR instead of opening the database itself. The socket file is the
 * owner's alone (mode 0600, created under umask 077): whoever can reach it could open the database
 * files anyway. One JSON line in, one JSON line out, then the connection closes.
 */
const SOCKET_NAME = 'operator.sock';
/** A request line longer than this is not an operator command. */
const MAX_REQUEST_BYTES = 4096;
const CLIENT_TIMEOUT_MS = 15_000;

export const operatorRequestSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('admin-role'),
    action: z.enum(['grant', 'revoke']),
    email: z.string().trim().min(1).max(320),
  }),
]);
export type OperatorRequest = z.infer<typeof operatorRequestSchema>;

export interface OperatorAnswer {
  ok: boolean;
  message: string;
}

export function operatorSocketPath(dataDir: string): string {
  return path.join(dataDir, SOCKET_NAME);
}

export interface OperatorSocket {
  close(): void;
}

/**
 * Listens on DATA_DIR/operator.sock; `handle` runs each valid request. Never stops the start: when
 * the socket cannot be made (a path longer than the system's limit), the commands say the server
 * must be stopped first, as before.
 */
export async function startOperatorSocket(
  dataDir: string,
  handle: (request: OperatorRequest) => Promise<OperatorAnswer>,
  logger: Logger,
): Promise<OperatorSocket> {
  const file = operatorSocketPath(dataDir);
  // Only a dead server leaves one behind: this process holds the data-directory lock.
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => serveConnection(socket, handle, logger));
  const previousMask = process.umask(0o077);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => {
        server.off('error', reject);
        resolve();
      });
    });
    fs.chmodSync(file, 0o600);
  } catch (error) {
    logger.warn({ err: error, socket: file }, 'operator socket unavailable: admin:grant needs the server stopped');
    server.close();
    return { close() {} };
  } finally {
    process.umask(previousMask);
  }
  // process.exit() skips server.close(), which would remove the file.
  const removeFile = () => fs.rmSync(file, { force: true });
  process.once('exit', removeFile);
  return {
    close() {
      process.off('exit', removeFile);
      server.close();
    },
  };
}

function serveConnection(
  socket: net.Socket,
  handle: (request: OperatorRequest) => Promise<OperatorAnswer>,
  logger: Logger,
): void {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.setTimeout(CLIENT_TIMEOUT_MS, () => socket.destroy());
  socket.on('error', () => {});
  const answer = (body: OperatorAnswer) => socket.end(`${JSON.stringify(body)}\n`);
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    const end = buffered.indexOf('\n');
    if (end === -1) {
      if (buffered.length > MAX_REQUEST_BYTES) answer({ ok: false, message: 'The request is too long.' });
      return;
    }
    socket.removeAllListeners('data');
    let request: OperatorRequest;
    try {
      request = operatorRequestSchema.parse(JSON.parse(buffered.slice(0, end)));
    } catch {
      answer({ ok: false, message: 'Not an operator command this server knows.' });
      return;
    }
    handle(request).then(
      (result) => {
        logger.info({ operator: request, ok: result.ok }, `operator command: ${result.message}`);
        answer(result);
      },
      (error: unknown) => {
        logger.error({ err: error, operator: request }, 'operator command failed');
        answer({ ok: false, message: 'The running server could not do it; its log has the details.' });
      },
    );
  });
}

/** Sends one request to the server that owns `dataDir`; rejects when none answers on its socket. */
export function askOperatorSocket(dataDir: string, request: OperatorRequest): Promise<OperatorAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(operatorSocketPath(dataDir));
    let received = '';
    socket.setEncoding('utf8');
    socket.setTimeout(CLIENT_TIMEOUT_MS, () => socket.destroy(new Error('the server did not answer in time')));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        const answer = JSON.parse(received) as OperatorAnswer;
        resolve({ ok: answer.ok === true, message: String(answer.message) });
      } catch {
        reject(new Error('the server answered something that is not an operator answer'));
      }
    });
  });
}
