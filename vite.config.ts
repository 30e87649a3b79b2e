import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { reactOnPreactAliases } from './scripts/react-on-preact.mjs';
import { pwaOptions } from './src/client/sw/pwa-config.ts';

/** The page most visitors land on: its lazily loaded chunk is fetched beside the entry. */
const HOME_ROUTE_MODULE = 'src/client/app/routes/home.tsx';

/**
 * Adds `<link rel="modulepreload">` for the home route's chunk and the chunks it imports, so they
 * download in parallel with the entry instead of after it ran (Vite preloads only static imports).
 * Other pages pay a few kilobytes they may not use; the home page saves a round trip before its
 * first paint.
 */
function preloadHomeRoute(): Plugin {
  return {
    name: 'tourguides:preload-home-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const home = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(HOME_ROUTE_MODULE));
        if (!home) throw new Error(`${HOME_ROUTE_MODULE} is not a chunk of its own`);
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const withImports = (file: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(file)) return seen;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, seen);
          return seen;
        };
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
        const alreadyLoaded = entry ? withImports(entry.fileName) : new Set<string>();
        const files = [...withImports(home.fileName)].filter((file) => !alreadyLoaded.has(file));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The Latin subsets of the two variable fonts: every page's text uses them. */
const FIRST_PAINT_FONTS = /\/(dm-sans|bricolage-grotesque)-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Preloads the fonts the first paint uses. Found only through the CSS, they would arrive after
 * the page had been drawn with the fallback font, and the swap moves the text (a layout shift).
 */
function preloadFonts(): Plugin {
  return {
    name: 'tourguides:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const fonts = Object.keys(bundle).filter((file) => FIRST_PAINT_FONTS.test(`/${file}`));
        if (fonts.length !== 2) throw new Error(`Expected two first-paint fonts, found: ${fonts.join(', ')}`);
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * zod, and the shared schema modules several lazily loaded pages use (the text rule, time zones,
 * places, accounts). Only modules that import nothing a public page uses: a group takes its
 * members' imports along.
 */
const SCHEMA_MODULES =
  /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]shared[\\/](text-schema|time-zones|places|auth)\.ts$/;

// The project root holds index.html; the server (src/server/lib/static-files.ts) serves dist/client.
export default defineConfig({
  plugins: [react(), tailwindcss(), VitePWA(pwaOptions), preloadHomeRoute(), preloadFonts()],
  // React's API on Preact (scripts/react-on-preact.mjs).
  resolve: { alias: reactOnPreactAliases },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // scripts/report-bundle-size.mjs reads the manifest to size the home page's first-render JS.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      // The server-rendered pages' script tag (build-client.mjs): loads the app after the first paint.
      input: { index: 'index.html', 'start-after-first-paint': 'src/client/app/start-after-first-paint.ts' },
      output: {
        // zod and the shared schemas the forms check with, in one chunk: split by which pages use which
        // part, their pieces became chunks of their own, each one more file name in the entry's preload
        // list (the public pages' first render). No public page's first render uses them.
        advancedChunks: { groups: [{ name: 'schemas', test: SCHEMA_MODULES }] },
      },
    },
  },
});
