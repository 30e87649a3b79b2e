import sharp from 'sharp';
import type { StatsResponse } from '#shared/stats.ts';
import { escapeXml } from './stats.map.ts';

/**
 * The shareable image of a year's summary: an SVG card (1200×630, the size link previews use)
 * rendered to PNG with sharp. Only figures the fan already sees on the page go in.
 */
const W = 1200;
const H = 630;
const C = { bg: '#0c0a17', panel: '#151226', text: '#f5f2fc', muted: '#aca6c6', accent: '#ffc247', bar: '#453e6b' };
const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;
const MONTHS = ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D'];

export function summarySvg(stats: StatsResponse): string {
  const t = stats.totals;
  const figures: [string, string][] = [
    [String(t.shows), t.shows === 1 ? 'show' : 'shows'],
    [String(t.artists), t.artists === 1 ? 'artist' : 'artists'],
    [String(t.venues), t.venues === 1 ? 'venue' : 'venues'],
    [String(t.cities), t.cities === 1 ? 'city' : 'cities'],
    [String(t.countries), t.countries === 1 ? 'country' : 'countries'],
    [String(t.songs), t.songs === 1 ? 'song heard live' : 'songs heard live'],
  ];
  const figureSvg = figures
    .map(([value, label], i) => {
      const x = 60 + (i % 3) * 190;
      const y = 210 + Math.floor(i / 3) * 120;
      return `<text x="${x}" y="${y}" ${FONT} font-size="56" font-weight="bold" fill="${C.accent}">${value}</text>
<text x="${x}" y="${y + 34}" ${FONT} font-size="22" fill="${C.muted}">${escapeXml(label)}</text>`;
    })
    .join('');
  const artists = stats.topArtists
    .slice(0, 5)
    .map(
      (artist, i) =>
        `<text x="700" y="${210 + i * 42}" ${FONT} font-size="26" fill="${C.text}">${i + 1}. ${escapeXml(clip(artist.label, 24))}</text>
<text x="1140" y="${210 + i * 42}" ${FONT} font-size="26" fill="${C.muted}" text-anchor="end">${artist.count}</text>`,
    )
    .join('');
  const months = stats.perMonth ?? [];
  const max = Math.max(1, ...months.map((m) => m.count));
  const bars = months
    .map((m, i) => {
      const h = Math.round((m.count / max) * 80);
      const x = 60 + i * 45;
      return `<rect x="${x}" y="${560 - h}" width="32" height="${Math.max(h, 2)}" rx="4" fill="${m.count ? C.accent : C.bar}"/>
<text x="${x + 16}" y="590" ${FONT} font-size="16" fill="${C.muted}" text-anchor="middle">${MONTHS[i]}</text>`;
    })
    .join('');
  const km = t.km === null ? '' : `${t.km.toLocaleString('en-US')} km travelled`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="${C.bg}"/>
<rect x="660" y="140" width="510" height="250" rx="24" fill="${C.panel}"/>
<text x="60" y="100" ${FONT} font-size="48" font-weight="bold" fill="${C.text}">My ${stats.year ?? ''} in concerts</text>
<text x="1140" y="100" ${FONT} font-size="26" fill="${C.accent}" text-anchor="end">TourGuides</text>
${figureSvg}
<text x="700" y="172" ${FONT} font-size="20" fill="${C.muted}">Most seen</text>
${artists}
<text x="640" y="${H - 60}" ${FONT} font-size="24" fill="${C.muted}">${escapeXml(km)}</text>
${bars}
</svg>`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function summaryPng(stats: StatsResponse): Promise<Buffer> {
  return sharp(Buffer.from(summarySvg(stats)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
