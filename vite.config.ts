import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The project root holds index.html; the server (src/server/lib/static-files.ts) serves dist/client.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // scripts/report-bundle-size.mjs reads the manifest to size the home page's first-render JS.
    manifest: true,
    target: 'es2022',
  },
});
