/**
 * The home page arrives as prerendered HTML (src/client/app/prerender.tsx) that React adopts once
 * the scripts have run. A visitor can type into the prerendered search box meanwhile; the app's
 * state starts from what they typed, so nothing is lost.
 */
export interface PrerenderedSearch {
  text: string;
  focused: boolean;
}

let taken = false;

/** What the prerendered search box holds: read once, by the adopting render. Later ones start empty. */
export function takePrerenderedSearch(): PrerenderedSearch {
  const input =
    taken || typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLInputElement>('#root[data-prerendered] input[type="search"]');
  taken = true;
  return { text: input?.value ?? '', focused: input !== null && document.activeElement === input };
}
