import { Disc3, Search } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ComboboxList, useCombobox } from '#client/components/ui/combobox.tsx';
import type { FollowPart } from '#client/lib/feature-parts.ts';
import { paths } from '#client/lib/paths.ts';
import { markPrerenderedSearchAdopted, takePrerenderedSearch } from '#client/lib/prerendered-page.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { optionDetail, type SearchOption } from '../search-flow.ts';
import { useBandSearch } from '../use-band-search.ts';

/** Loaded when a look-up starts: the home page's first render does without it. */
const LookupProgress = lazy(() =>
  import('./lookup-progress.tsx').then((module) => ({ default: module.LookupProgress })),
);

const optionView = (option: SearchOption) => ({
  key: option.kind === 'catalog' ? option.slug : option.mbid,
  label: option.name,
  detail: optionDetail(option) || undefined,
  icon:
    option.kind === 'catalog' ? (
      <Disc3 className="size-4 shrink-0 text-accent" aria-hidden="true" />
    ) : (
      <Search className="size-4 shrink-0 text-accent" aria-hidden="true" />
    ),
});

/** Option rows and their Follow buttons share one height, so each button sits beside its artist. */
const ROW_HEIGHT = 'h-16';

/**
 * The catalog artists' Follow buttons, beside the listbox rather than inside it: a listbox holds
 * options only, and the options are chosen from the text field (the focus never enters the list).
 * These are ordinary buttons after the Search button in the tab order.
 */
const SuggestionFollows = ({ options, Follow }: { options: SearchOption[]; Follow: FollowPart }) => {
  const session = useSession().status;
  return (
    <ul aria-label="Follow an artist" className="flex shrink-0 flex-col py-1.5 pr-1.5">
      {options.map((option) =>
        option.kind === 'catalog' ? (
          <li key={option.slug} className={`${ROW_HEIGHT} flex items-center justify-end`}>
            <Follow
              session={session}
              artistSlug={option.slug}
              artistName={option.name}
              size="sm"
              returnTo={paths.tour(option.slug)}
            />
          </li>
        ) : null,
      )}
    </ul>
  );
};

/**
 * The hero's band search: the input is the app's combobox (ui/combobox.tsx) over the artists a
 * search found. The list opens on Search, not while typing; nothing in it is active until an arrow
 * key, so Enter searches again rather than picking.
 */
export const BandSearchForm = ({ Follow }: { Follow?: FollowPart }) => {
  const [prerendered] = useState(takePrerenderedSearch);
  const search = useBandSearch(prerendered.text);
  const inputRef = useRef<HTMLInputElement>(null);
  // Text typed while React adopted the page (after its render read the box, before it committed)
  // is still in the box, which adopting leaves as it is: keep that too, before the next paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form is first committed
  useLayoutEffect(() => {
    markPrerenderedSearchAdopted();
    const typed = inputRef.current?.value;
    if (typed && typed !== search.text) search.changeText(typed);
  }, []);
  const open = search.options.length > 0;
  const combobox = useCombobox({
    items: search.options,
    open,
    onOpenChange: (next) => {
      if (!next) search.dismissOptions();
    },
    onChoose: search.choose,
  });
  const headingId = `${combobox.inputId}-heading`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    combobox.setActive(-1);
    search.submit();
  };

  return (
    <search className="w-full max-w-2xl">
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor={combobox.inputId} className="sr-only">
          Band name
        </label>
        <div className="flex flex-col gap-2 rounded-3xl border border-border-strong bg-surface/80 p-2 shadow-2xl backdrop-blur-md focus-within:border-accent focus-within:ring-2 focus-within:ring-ring/40 sm:flex-row sm:rounded-full">
          <div className="flex flex-1 items-center gap-3 px-3">
            <Search className="size-5 shrink-0 text-muted" aria-hidden="true" />
            <input
              {...combobox.inputProps}
              ref={inputRef}
              type="search"
              value={search.text}
              onChange={(event) => search.changeText(event.target.value)}
              // biome-ignore lint/a11y/noAutofocus: only when the visitor had already focused the prerendered box.
              autoFocus={prerendered.focused}
              placeholder="Search for a band or artist..."
              enterKeyHint="search"
              className="h-11 w-full min-w-0 bg-transparent text-base text-foreground placeholder:text-muted focus:outline-none"
            />
          </div>
          <Button type="submit" size="lg" disabled={search.searching}>
            {search.searching ? 'Searching...' : 'Search'}
          </Button>
        </div>
        {open ? (
          <div className="mt-2 overflow-hidden rounded-2xl border border-border bg-surface text-left shadow-2xl">
            <p id={headingId} className="px-4 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
              {search.options[0]?.kind === 'catalog' ? 'Artists in our catalog' : 'Did you mean'}
            </p>
            <div className="flex min-w-0 items-start">
              <ComboboxList
                combobox={combobox}
                view={optionView}
                aria-labelledby={headingId}
                className="min-w-0 flex-1 p-1.5"
                optionClassName={ROW_HEIGHT}
              />
              {Follow && search.options.every((option) => option.kind === 'catalog') ? (
                <SuggestionFollows options={search.options} Follow={Follow} />
              ) : null}
            </div>
          </div>
        ) : null}
        {search.lookup && !open ? (
          <Suspense fallback={null}>
            <LookupProgress started={search.lookup} onEnd={search.endLookup} onRetry={search.retryLookup} />
          </Suspense>
        ) : null}
      </form>
    </search>
  );
};
