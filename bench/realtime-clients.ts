/**
 * Load generator for `npm run bench:realtime`, forked by bench/realtime.bench.ts: opens one SSE
 * stream (GET /api/events) per cookie it is given, and records when every notification arrived
 * (the bench compares with when it was written and committed). Runs as its own process so thousands of sockets and the parsing of
 * their events do not share the server's (or each other's) event loop.
 */
import http from 'node:http';

export type ClientCommand = { type: 'open'; url: string; cookies: string[]; concurrency: number } | { type: 'report' };

export type ClientReport =
  | { type: 'opened'; connected: number; failed: number; firstError?: string }
  | { type: 'progress'; received: number }
  | { type: 'report'; arrivals: Arrival[]; closedEarly: number };

/** [notification id, written at (its createdAt), arrived at], in ms since the epoch. */
export type Arrival = [string, number, number];

const arrivals: Arrival[] = [];
let closedEarly = 0;
let received = 0;

function send(message: ClientReport): void {
  process.send?.(message);
}

function onBlock(block: string): void {
  if (!block.includes('event: notification-created')) return;
  const arrived = Date.now();
  const dataLine = block.split('\n').find((line) => line.startsWith('data: '));
  if (!dataLine) return;
  const { notification } = JSON.parse(dataLine.slice(6)) as { notification: { id: string; createdAt: string } };
  arrivals.push([notification.id, Date.parse(notification.createdAt), arrived]);
  received++;
}

/** Resolves once the response headers arrived (the server has subscribed the stream by then). */
function openStream(url: string, cookie: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/events`, { agent: false, headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET /api/events answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          onBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      });
      response.on('end', () => closedEarly++);
      resolve();
    });
    request.on('error', reject);
  });
}

async function openAll(url: string, cookies: string[], concurrency: number): Promise<void> {
  let next = 0;
  let connected = 0;
  let failed = 0;
  let firstError: string | undefined;
  const worker = async () => {
    while (next < cookies.length) {
      const cookie = cookies[next++]!;
      try {
        await openStream(url, cookie);
        connected++;
      } catch (error) {
        failed++;
        firstError ??= (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  send({ type: 'opened', connected, failed, firstError });
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'open') void openAll(command.url, command.cookies, command.concurrency);
  if (command.type === 'report') send({ type: 'report', arrivals: arrivals.splice(0), closedEarly });
});

// Progress for the bench's "all delivered?" wait.
setInterval(() => send({ type: 'progress', received }), 100).unref();
process.on('disconnect', () => process.exit(0));
