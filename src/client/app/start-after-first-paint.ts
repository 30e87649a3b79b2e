/**
 * The prerendered home page's one script tag (scripts/build-client.mjs puts it there in place of
 * the app's): it starts loading the app once the page has been painted. The page's HTML and CSS
 * draw it without the app, so its scripts need not share the link with the stylesheet and fonts
 * before the first paint; on a phone's slow connection that paint comes sooner (ADR 0012).
 * Until the app runs, it also catches what the app would miss (lib/early-events.ts). Imports nothing
 * at run time: it is its own tiny chunk.
 */
import type { EarlyEvents } from '#client/lib/early-events.ts';

/** A page the browser never paints (no contentful paint, or a slow device) still starts by then. */
const LATEST_START_MS = 1500;

/** `data-app-scripts` holds the entry script's URL, then the modules to preload beside it. */
function loadApp(entry: string, preloads: string[]): void {
  const tags = document.createDocumentFragment();
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    tags.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  tags.append(script);
  // The preloads download beside the entry, not once it has been parsed (its imports) or run (the page's code).
  document.head.append(tags);
}

function afterFirstPaint(start: () => void): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const startOnce = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  // A tab opened in the background paints nothing until shown; its app may load meanwhile.
  if (document.visibilityState === 'hidden') {
    startOnce();
    return;
  }
  setTimeout(startOnce, LATEST_START_MS);
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) startOnce();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // A task queued from an animation frame callback runs once that frame has been drawn.
    requestAnimationFrame(() => setTimeout(startOnce, 0));
  }
}

/** Keeps the install offer and button taps for the app, which takes them over when it has adopted the page. */
function catchEarlyEvents(): void {
  const early: EarlyEvents = { installOffer: null, taps: [], stop: () => {} };
  const keepOffer = (event: Event) => {
    // As the app does: no browser mini-infobar; the app's banner makes the offer.
    event.preventDefault();
    early.installOffer = event;
  };
  const keepTap = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !document.getElementById('root')?.contains(button)) return;
    // A submit button would send its form the browser's way; the app sends it its own way.
    event.preventDefault();
    if (!early.taps.includes(button)) early.taps.push(button);
  };
  window.addEventListener('beforeinstallprompt', keepOffer);
  document.addEventListener('click', keepTap, true);
  early.stop = () => {
    window.removeEventListener('beforeinstallprompt', keepOffer);
    document.removeEventListener('click', keepTap, true);
  };
  window.tourGuidesEarlyEvents = early;
}

const [entry, ...preloads] =
  document.querySelector<HTMLScriptElement>('script[data-app-scripts]')?.dataset.appScripts?.split(' ') ?? [];
if (entry) {
  catchEarlyEvents();
  afterFirstPaint(() => loadApp(entry, preloads));
} else console.error('The page names no app scripts to load');
