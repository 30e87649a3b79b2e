/**
 * The prerendered home page's one script tag (scripts/build-client.mjs puts it there in place of
 * the app's): it starts loading the app once the page has been painted. The page's HTML and CSS
 * draw it without the app, so its scripts need not share the link with the stylesheet and fonts
 * before the first paint; on a phone's slow connection that paint comes sooner (ADR 0012).
 * Imports nothing: it is its own tiny chunk.
 */

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
  // One insertion: each element added to the head on its own costs the browser a pass over it.
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
  if (document.visibilityState === 'hidden') return startOnce();
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

const [entry, ...preloads] =
  document.querySelector<HTMLScriptElement>('script[data-app-scripts]')?.dataset.appScripts?.split(' ') ?? [];
if (entry) afterFirstPaint(() => loadApp(entry, preloads));
else console.error('The page names no app scripts to load');
