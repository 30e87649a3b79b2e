import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { drainable } from './http-drain.ts';

/**
 * Clients on their own event loop (a worker thread), so they can send while the server's loop is
 * busy: each connects, writes one GET and reports the answer's first line or its socket error.
 */
const CLIENTS = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
parentPort.once('message', () => {
  const written = new Int32Array(workerData.written);
  let left = workerData.count;
  const results = [];
  for (let i = 0; i < workerData.count; i++) {
    const socket = net.connect(workerData.port, '127.0.0.1');
    let received = '';
    let done = false;
    const finish = (line) => {
      if (done) return;
      done = true;
      results.push(line);
      if (--left === 0) parentPort.postMessage(results);
    };
    socket.on('data', (chunk) => { received += chunk; });
    socket.on('error', (error) => finish('error ' + error.code));
    socket.on('close', () => finish(received.split('\\r\\n')[0] || 'closed without an answer'));
    socket.write('GET / HTTP/1.1\\r\\nHost: x\\r\\nConnection: close\\r\\n\\r\\n', () => Atomics.add(written, 0, 1));
  }
});
`;

/** Keeps the event loop busy for `ms` at least, and until the clients have written every request. */
function busyUntilSent(ms: number, written: Int32Array, count: number): void {
  const until = Date.now() + ms;
  const latest = Date.now() + 10_000;
  while ((Date.now() < until || Atomics.load(written, 0) < count) && Date.now() < latest) {
    // A render on a loaded machine: the event loop takes no connection meanwhile.
  }
}

describe('drainable', () => {
  it('answers requests sent while the event loop was busy when the drain began', async () => {
    const server = http.createServer((_request, response) => response.end('ok'));
    const drain = drainable(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const written = new Int32Array(new SharedArrayBuffer(4));
    const clients = new Worker(CLIENTS, { eval: true, workerData: { port, count: 20, written: written.buffer } });
    const answers = new Promise<string[]>((resolve) => clients.once('message', resolve));

    await new Promise((resolve) => clients.once('online', resolve));
    const drained = drain();
    clients.postMessage('go');
    // Longer than the drain's whole accepting window: the requests wait in the kernel's queue.
    busyUntilSent(1_500, written, 20);
    await drained;
    await clients.terminate();

    expect(await answers).toEqual(Array.from({ length: 20 }, () => 'HTTP/1.1 200 OK'));
  }, 15_000);
});
