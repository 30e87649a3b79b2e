import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

/**
 * The real server as its own process (`node --import tsx src/server/index.ts`), for tests and
 * benchmarks that need several processes or the process's own memory figures.
 */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process wrote to stderr (its errors), for failure messages. */
  stderr(): string;
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface StartOptions {
  timeoutMs?: number;
  /** Extra node flags, e.g. --cpu-prof for a profile of the server under a benchmark. */
  nodeArgs?: string[];
}

export async function startServerProcess(
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<ServerProcess> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then((code) => {
    exitCode = code;
  });
  const stop = async () => {
    if (exitCode === undefined) child.kill('SIGTERM');
    return exited;
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && exitCode === undefined) {
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, child, stderr: () => errors, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the server process did not start (exit code ${exitCode}): ${errors}`);
}
