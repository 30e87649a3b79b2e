import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { type FakeSubscription, startFakePushService } from '#tests/fakes/push-service.ts';

/**
 * The fake push service on its own thread, for bench:alerts: it checks VAPID and decrypts every push
 * as a real service would, and doing that on the sender's event loop halved the rate being measured.
 * A real push service is another machine; another thread is the closest this one has.
 */

type Request = { kind: 'subscribe'; count: number } | { kind: 'counts' } | { kind: 'close' };

export interface PushServiceThread {
  url: string;
  subscribe(count: number): Promise<FakeSubscription[]>;
  counts(): Promise<{ received: number; rejected: number }>;
  close(): Promise<void>;
}

async function serve(): Promise<void> {
  const port = parentPort!;
  const service = await startFakePushService();
  port.on('message', async (request: Request) => {
    if (request.kind === 'subscribe') {
      port.postMessage(Array.from({ length: request.count }, () => service.subscribe()));
    } else if (request.kind === 'counts') {
      port.postMessage({ received: service.received.length, rejected: service.rejected.length });
      service.received.length = 0;
    } else {
      await service.close();
      port.postMessage('closed');
      port.close();
    }
  });
  port.postMessage(service.url);
}

export async function startPushServiceThread(): Promise<PushServiceThread> {
  // Node 20 does not run `--import tsx` in a thread before its entry file: the thread registers tsx
  // itself, then loads this same TypeScript file.
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`,
    { eval: true },
  );
  const ask = <T>(request?: Request) =>
    new Promise<T>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      if (request) worker.postMessage(request);
    });
  const url = await ask<string>();
  return {
    url,
    subscribe: (count) => ask({ kind: 'subscribe', count }),
    counts: () => ask({ kind: 'counts' }),
    close: async () => {
      await ask({ kind: 'close' });
      await worker.terminate();
    },
  };
}

if (!isMainThread) await serve();
