/**
 * The home page arrives as prerendered HTML (src/client/app/prerender.tsx) that React replaces
 * with the live page once the scripts have run. A visitor can type into the prerendered search box
 * meanwhile; the live box starts from what they typed, focused if it was, so nothing is lost.
 */
export interface PrerenderedSearch {
  text: string;
  focused: boolean;
}

let taken = false;

/**
 * What the prerendered search box holds: read once, during the live page's first render (React
 * removes the prerendered HTML only when it commits). Later renders start empty.
 */
export function takePrerenderedSearch(): PrerenderedSearch {
  const input =
    taken || typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLInputElement>('#root[data-prerendered] input[type="search"]');
  taken = true;
  return { text: input?.value ?? '', focused: input !== null && document.activeElement === input };
}
