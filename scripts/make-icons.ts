/**
 * Renders the PWA icons in public/icons from public/icons/icon.svg (the one source to edit).
 * Run after changing the SVG: `node --import tsx scripts/make-icons.ts`; the PNGs are committed
 * so a build needs no image tooling.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const iconsDir = path.resolve(import.meta.dirname, '../public/icons');
const source = fs.readFileSync(path.join(iconsDir, 'icon.svg'), 'utf8');

function replaceOnce(text: string, search: string, replacement: string): string {
  if (!text.includes(search)) throw new Error(`icon.svg no longer contains ${search}`);
  return text.replace(search, replacement);
}

/**
 * Maskable and Apple icons are cropped by the system (circle, squircle), so they fill the whole square
 * and keep the mark inside the central safe zone (a circle of 80% of the width).
 */
function fullBleed(svg: string): string {
  const squareBackground = replaceOnce(svg, ' rx="112"', '');
  return replaceOnce(
    squareBackground,
    '<g id="mark">',
    '<g transform="translate(256 256) scale(.72) translate(-256 -256)">',
  );
}

/** Shortcut icons: the app's background with a lucide-style glyph in the accent colour. */
function shortcutIcon(glyphPaths: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="#0c0a17"/><g transform="translate(24 24) scale(2)" fill="none" stroke="#ffc247" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${glyphPaths}</g></svg>`;
}

const calendarGlyph = '<rect x="3" y="4" width="18" height="18" rx="2"/><path d="M16 2v4M8 2v4M3 10h18"/>';
const heartGlyph =
  '<path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z"/>';

const outputs: { file: string; svg: string; size: number }[] = [
  { file: 'icon-192.png', svg: source, size: 192 },
  { file: 'icon-512.png', svg: source, size: 512 },
  { file: 'maskable-512.png', svg: fullBleed(source), size: 512 },
  { file: 'apple-touch-icon.png', svg: fullBleed(source), size: 180 },
  { file: 'shortcut-shows-96.png', svg: shortcutIcon(calendarGlyph), size: 96 },
  { file: 'shortcut-artists-96.png', svg: shortcutIcon(heartGlyph), size: 96 },
];

for (const { file, svg, size } of outputs) {
  const target = path.join(iconsDir, file);
  // A palette keeps the files a few KB; the icons have few colours besides the beam's gradient.
  await sharp(Buffer.from(svg), { density: 72 * (size / 96) })
    .resize(size, size)
    .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
    .toFile(target);
  console.log(`${file}\t${size}x${size}\t${fs.statSync(target).size} bytes`);
}
