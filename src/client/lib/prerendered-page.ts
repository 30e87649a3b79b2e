/**
 * The home page arrives as HTML rendered by the server (src/client/app/server-render.tsx) that React adopts once
 * the scripts have run. A visitor can type into the prerendered search box meanwhile; the app's
 * state starts from what they typed, so nothing is lost.
 */
export interface PrerenderedSearch {
  text: string;
  focused: boolean;
}

let adopted = false;

/**
 * What the prerendered search box holds, until the form that adopted it has committed: a render
 * that React restarts (a tap during adoption makes it start over) reads the box again. Later
 * forms start empty.
 */
export function takePrerenderedSearch(): PrerenderedSearch {
  const input =
    adopted || typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLInputElement>('#root[data-prerendered] input[type="search"]');
  return { text: input?.value ?? '', focused: input !== null && document.activeElement === input };
}

/** The form that adopted the prerendered box has committed: it owns the text from now on. */
export function markPrerenderedSearchAdopted(): void {
  adopted = true;
}
