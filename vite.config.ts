import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './src/client/sw/pwa-config.ts';

// The project root holds index.html; the server (src/server/lib/static-files.ts) serves dist/client.
export default defineConfig({
  plugins: [react(), tailwindcss(), VitePWA(pwaOptions)],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // scripts/report-bundle-size.mjs reads the manifest to size the home page's first-render JS.
    manifest: true,
    target: 'es2022',
  },
});
