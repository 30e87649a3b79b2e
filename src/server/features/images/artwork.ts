import { createHash } from 'node:crypto';
import sharp from 'sharp';

export const ARTWORK_SIZE = 600;

// Drawing is background work: one libvips thread leaves the other cores to the requests.
sharp.concurrency(1);

/** Stage-light palettes: a dark backdrop and the colours of the beams. */
const palettes = [
  { backdrop: ['#0b0620', '#1d0b3a'], beams: ['#ff3d7f', '#ffb347', '#7b5cff'] },
  { backdrop: ['#04141c', '#08303d'], beams: ['#00e0c6', '#3fa9ff', '#f9f871'] },
  { backdrop: ['#1a0505', '#3b0a12'], beams: ['#ff6b35', '#ffd166', '#ef476f'] },
  { backdrop: ['#050b1f', '#0e1a48'], beams: ['#4cc9f0', '#f72585', '#b5179e'] },
  { backdrop: ['#0d0d0d', '#1f1a2e'], beams: ['#c77dff', '#80ffdb', '#ffd6ff'] },
  { backdrop: ['#071a0b', '#123b1f'], beams: ['#b8f35d', '#40c9a2', '#ffe66d'] },
] as const;

/** A stream of numbers in [0, 1) fixed by the name, so one name always gives the same picture. */
function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    // xorshift32: tiny, fast, and good enough for picking angles and colours.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** 'the black keys' → 'BK', 'Adele' → 'A': a leading 'The' is skipped, at most two letters. */
export function initials(name: string): string {
  const words = name
    .trim()
    .replace(/^the\s+/i, '')
    .split(/[\s\-/&+]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0]!.toUpperCase());
  return letters.join('') || '♪';
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);

function beam(index: number, color: string, random: () => number): string {
  const size = ARTWORK_SIZE;
  const originX = size * (0.1 + 0.8 * random());
  const targetX = size * (0.05 + 0.9 * random());
  const spread = size * (0.12 + 0.14 * random());
  const opacity = (0.6 + 0.3 * random()).toFixed(2);
  return `
    <linearGradient id="beam${index}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/>
      <stop offset="1" stop-color="${color}" stop-opacity="0.05"/>
    </linearGradient>
    <polygon points="${originX - 6},-10 ${originX + 6},-10 ${targetX + spread},${size} ${targetX - spread},${size}"
      fill="url(#beam${index})" filter="url(#soft)"/>
    <circle cx="${originX}" cy="0" r="${18 + 10 * random()}" fill="${color}" opacity="0.9" filter="url(#glow)"/>`;
}

/** A row of heads and raised hands against the light: the audience in front of the stage. */
function crowd(random: () => number): string {
  const size = ARTWORK_SIZE;
  const shapes: string[] = [];
  for (let x = -20; x < size + 40; x += 26 + 14 * random()) {
    const headY = size - 46 - 22 * random();
    const radius = 15 + 6 * random();
    shapes.push(`<circle cx="${x.toFixed(1)}" cy="${headY.toFixed(1)}" r="${radius.toFixed(1)}"/>`);
    shapes.push(`<rect x="${(x - radius - 4).toFixed(1)}" y="${(headY + radius * 0.6).toFixed(1)}"
      width="${(2 * radius + 8).toFixed(1)}" height="80" rx="14"/>`);
    if (random() < 0.22) {
      const armX = x + (random() < 0.5 ? -1 : 1) * radius;
      shapes.push(`<rect x="${(armX - 4).toFixed(1)}" y="${(headY - 70).toFixed(1)}" width="8" height="80" rx="4"
        transform="rotate(${(-12 + 24 * random()).toFixed(1)} ${armX.toFixed(1)} ${headY.toFixed(1)})"/>`);
    }
  }
  return `<g fill="#050308">${shapes.join('')}</g>`;
}

/**
 * Drawn at half size and enlarged: the blurred beams cost four times less to render, and the
 * picture is soft light and big letters, which lose nothing.
 */
const RENDER_SIZE = ARTWORK_SIZE / 2;

/** The SVG of the artwork for a name (exported for tests that check determinism cheaply). */
export function artworkSvg(name: string): string {
  const random = seededRandom(name.trim().toLowerCase());
  const palette = palettes[Math.floor(random() * palettes.length)]!;
  const size = ARTWORK_SIZE;
  const beams = palette.beams.map((color, index) => beam(index, color, random)).join('');
  const letters = escapeXml(initials(name));
  const fontSize = letters.length > 1 ? 220 : 260;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${RENDER_SIZE}" height="${RENDER_SIZE}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="backdrop" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="${palette.backdrop[0]}"/>
      <stop offset="1" stop-color="${palette.backdrop[1]}"/>
    </linearGradient>
    <radialGradient id="haze" cx="0.5" cy="0.85" r="0.7">
      <stop offset="0" stop-color="${palette.beams[0]}" stop-opacity="0.35"/>
      <stop offset="1" stop-color="${palette.beams[0]}" stop-opacity="0"/>
    </radialGradient>
    <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>
    <filter id="glow" x="-100%" y="-100%" width="300%" height="300%"><feGaussianBlur stdDeviation="10"/></filter>
    <filter id="textglow" x="-20%" y="-20%" width="140%" height="140%">
      <feGaussianBlur stdDeviation="8" result="blur"/>
      <feMerge><feMergeNode in="blur"/><feMergeNode in="SourceGraphic"/></feMerge>
    </filter>
  </defs>
  <rect width="${size}" height="${size}" fill="url(#backdrop)"/>
  ${beams}
  <rect width="${size}" height="${size}" fill="url(#haze)"/>
  <text x="50%" y="52%" text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif"
    font-weight="bold" font-size="${fontSize}" letter-spacing="-6" fill="#ffffff" fill-opacity="0.92"
    filter="url(#textglow)">${letters}</text>
  ${crowd(random)}
</svg>`;
}

/** A 600×600 WebP picture for an artist without a photo: deterministic for the name. */
export async function generateArtwork(name: string): Promise<Buffer> {
  // Rendered to pixels first: resizing the SVG itself would make sharp draw it at full size.
  const halfSize = await sharp(Buffer.from(artworkSvg(name)))
    .png()
    .toBuffer();
  return sharp(halfSize).resize(ARTWORK_SIZE, ARTWORK_SIZE, { kernel: 'lanczos3' }).webp({ quality: 82 }).toBuffer();
}
