import { Disc3, Search } from 'lucide-react';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ComboboxList, useCombobox } from '#client/components/ui/combobox.tsx';
import { markPrerenderedSearchAdopted, takePrerenderedSearch } from '#client/lib/prerendered-page.ts';
import { optionDetail, type SearchOption } from '../search-flow.ts';
import { useBandSearch } from '../use-band-search.ts';

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

/**
 * The hero's band search: the input is the app's combobox (ui/combobox.tsx) over the artists a
 * search found. The list opens on Search, not while typing; nothing in it is active until an arrow
 * key, so Enter searches again rather than picking.
 */
export const BandSearchForm = () => {
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
            <ComboboxList combobox={combobox} view={optionView} aria-labelledby={headingId} className="p-1.5" />
          </div>
        ) : null}
      </form>
    </search>
  );
};
