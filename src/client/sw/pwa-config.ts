/**
 * Build-time settings of the installable app (read by vite.config.ts, runs in Node): the web app
 * manifest and how vite-plugin-pwa builds src/client/sw/sw.ts. Registration happens in the page
 * (src/client/features/pwa/register-service-worker.ts), not through an injected inline script:
 * the server's Content-Security-Policy allows no inline scripts.
 */
import type { ManifestOptions, VitePWAOptions } from 'vite-plugin-pwa';
import { paths } from '../lib/paths.ts';

/** The design's page background (src/client/app/styles.css --color-background); also index.html's theme-color. */
const BACKGROUND = '#0c0a17';

export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'TourGuides',
  short_name: 'TourGuides',
  description: 'Never miss your favorite bands on tour.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: BACKGROUND,
  background_color: BACKGROUND,
  categories: ['music', 'entertainment', 'travel'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'Shows',
      short_name: 'Shows',
      description: 'Your upcoming shows',
      url: paths.dashboard,
      icons: [{ src: '/icons/shortcut-shows-96.png', sizes: '96x96', type: 'image/png' }],
    },
    {
      name: 'My Artists',
      short_name: 'Artists',
      description: 'The artists you follow',
      url: paths.myArtists,
      icons: [{ src: '/icons/shortcut-artists-96.png', sizes: '96x96', type: 'image/png' }],
    },
  ],
};

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/client/sw',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  manifest: webAppManifest,
  injectManifest: {
    // The app shell and every page's code, so any page opens offline; fonts and images are cached when used.
    globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'icons/icon-192.png'],
  },
  devOptions: { enabled: false },
};
