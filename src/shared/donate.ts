/** The Donate page (issue 16, item 8): buttons configured by DONATE_LINKS, or other ways to help. */

export interface DonateLink {
  label: string;
  url: string;
}

/** GET /api/donate */
export interface DonateResponse {
  links: DonateLink[];
  /** What the money pays for (DONATE_MESSAGE); null when not set. */
  message: string | null;
  /** The project's source repository (SOURCE_URL), for starring it and reporting bugs. */
  sourceUrl: string | null;
}

export const DONATE_MAX_LINKS = 6;
const LABEL_MAX = 40;

/**
 * DONATE_LINKS is `Label|https://url` pairs separated by `;`. Returns the links, or the first
 * problem (the server refuses to start with it, so a typo never shows a broken button).
 */
export function parseDonateLinks(text: string | undefined): { links: DonateLink[]; error: string | null } {
  const links: DonateLink[] = [];
  const entries = (text ?? '')
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length > DONATE_MAX_LINKS) return { links: [], error: `has more than ${DONATE_MAX_LINKS} links` };
  for (const entry of entries) {
    const separator = entry.indexOf('|');
    const label = entry.slice(0, separator).trim();
    const url = entry.slice(separator + 1).trim();
    if (separator <= 0 || !label || label.length > LABEL_MAX) {
      return { links: [], error: `"${entry}" is not "Label|https://url" (a label of 1-${LABEL_MAX} characters)` };
    }
    if (!isWebUrl(url)) return { links: [], error: `"${url}" is not an http(s) URL` };
    links.push({ label, url });
  }
  return { links, error: null };
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
