/**
 * What a public page says about itself before any script runs (issue 25 item 4): its title,
 * description, canonical URL, link-preview cards and structured data. Written into the head of the
 * built shell by the server, so search engines and link previews (which run no JavaScript) read it.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page as search engines should list it. */
  canonical: string | null;
  /** Absolute URL of the preview image; the app icon when the page has none. */
  image: string;
  /** `summary_large_image` for a real picture, `summary` for the square icon. */
  card: 'summary' | 'summary_large_image';
  ogType: 'website' | 'profile' | 'place' | 'music.playlist' | 'article';
  /** schema.org objects, one JSON-LD script each. */
  jsonLd: object[];
  /** Pages that do not exist (404) are kept out of the index. */
  noindex: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON inside a script element: `<` is written as `\u003c`, so a name holding `</script>` or
 * `<!--` cannot end the element early; U+2028/2029 too, which older parsers read as line ends.
 */
export function jsonForScript(value: unknown): string {
  // One pass over the text: a tour page writes 200 events and its answers through here.
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (char) => SCRIPT_ESCAPES[char] ?? char);
}

/** The tags this page's head carries besides the shell's own (charset, viewport, icons, styles). */
export function renderHeadTags(meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (meta.noindex) tags.push('<meta name="robots" content="noindex" />');
  if (meta.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`);
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  tags.push(
    property('og:site_name', 'TourGuides'),
    property('og:type', meta.ogType),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:image', meta.image),
  );
  if (meta.canonical) tags.push(property('og:url', meta.canonical));
  tags.push(
    named('twitter:card', meta.card),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', meta.image),
  );
  for (const data of meta.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.join('\n    ');
}

const TITLE = /<title>[^<]*<\/title>\s*/;
const DESCRIPTION = /<meta name="description"[^>]*>\s*/;

/** The shell with its generic title and description replaced by the page's tags. */
export function injectHead(shell: string, meta: PageMeta): string {
  const stripped = shell.replace(TITLE, '').replace(DESCRIPTION, '');
  const at = stripped.indexOf('</head>');
  if (at < 0) throw new Error('The page shell has no </head>');
  return `${stripped.slice(0, at)}  ${renderHeadTags(meta)}\n  ${stripped.slice(at)}`;
}

/** Cut to at most `max` characters at a word, with an ellipsis: search results show ~155. */
export function clip(text: string, max = 155): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The shell with the server-rendered page in `#root` (marked for main.tsx to hydrate) and the
 * answers it was rendered from in a JSON data block, which the browser's first render reads
 * instead of fetching them (a data block is not a script: the CSP allows it). `<` is written
 * `\u003c`, so no text from the catalog can close the block.
 */
export function injectRenderedPage(shell: string, rendered: string, queries: readonly unknown[]): string {
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`The page shell has no ${ROOT_ELEMENT}`);
  return shell.replace(
    ROOT_ELEMENT,
    () =>
      `<div id="root" data-prerendered>${rendered}</div>\n    <script type="application/json" id="page-data">${jsonForScript(queries)}</script>`,
  );
}
