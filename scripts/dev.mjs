// `npm run dev`: the Vite dev server (hot reload) in front, the API server behind it restarting on
// change. Vite forwards /api, /files and /healthz to the API, so the browser sees one origin as in
// production. PORT sets the front-end port (default 5173), API_PORT the API's (default 3001).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createServer } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 5173);
const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;

const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/index.ts'], {
  cwd: root,
  stdio: 'inherit',
  // Links in mails and auth redirects must point at the page the developer has open.
  env: { ...process.env, PORT: String(apiPort), PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
});

const proxied = { target: apiTarget, changeOrigin: false };
const vite = await createServer({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  server: {
    port,
    strictPort: true,
    proxy: { '/api': { ...proxied, ws: false }, '/files': proxied, '/healthz': proxied },
  },
});
await vite.listen();
vite.printUrls();

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  api.kill('SIGTERM');
  await vite.close();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
api.on('exit', (code) => {
  if (!stopping) {
    console.error(`The API server stopped (exit code ${code}).`);
    stop(code ?? 1);
  }
});
