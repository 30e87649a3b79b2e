import { Search } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { markPrerenderedSearchAdopted, takePrerenderedSearch } from '#client/lib/prerendered-page.ts';
import { moveActive } from '../search-flow.ts';
import { useBandSearch } from '../use-band-search.ts';
import { optionId, SuggestionList } from './suggestion-list.tsx';

/** The hero's band search: the input is a combobox over the list of artists found. */
export const BandSearchForm = () => {
  const inputId = useId();
  const listId = useId();
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
  const [activeIndex, setActiveIndex] = useState(-1);
  const open = search.options.length > 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setActiveIndex(-1);
    search.submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((index) => moveActive(index, search.options.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      const option = search.options[activeIndex];
      if (option) search.choose(option);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setActiveIndex(-1);
      search.dismissOptions();
    }
  };

  return (
    <search className="w-full max-w-2xl">
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId} className="sr-only">
          Band name
        </label>
        <div className="flex flex-col gap-2 rounded-3xl border border-border-strong bg-surface/80 p-2 shadow-2xl backdrop-blur-md focus-within:border-accent focus-within:ring-2 focus-within:ring-ring/40 sm:flex-row sm:rounded-full">
          <div className="flex flex-1 items-center gap-3 px-3">
            <Search className="size-5 shrink-0 text-muted" aria-hidden="true" />
            <input
              ref={inputRef}
              id={inputId}
              type="search"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={open ? listId : undefined}
              aria-activedescendant={open && activeIndex >= 0 ? optionId(listId, activeIndex) : undefined}
              value={search.text}
              onChange={(event) => {
                setActiveIndex(-1);
                search.changeText(event.target.value);
              }}
              onKeyDown={onKeyDown}
              // biome-ignore lint/a11y/noAutofocus: only when the visitor had already focused the prerendered box.
              autoFocus={prerendered.focused}
              placeholder="Search for a band or artist..."
              autoComplete="off"
              enterKeyHint="search"
              className="h-11 w-full min-w-0 bg-transparent text-base text-foreground placeholder:text-muted focus:outline-none"
            />
          </div>
          <Button type="submit" size="lg" disabled={search.searching}>
            {search.searching ? 'Searching...' : 'Search'}
          </Button>
        </div>
        {open ? (
          <SuggestionList
            id={listId}
            options={search.options}
            activeIndex={activeIndex}
            onChoose={search.choose}
            onHover={setActiveIndex}
          />
        ) : null}
      </form>
    </search>
  );
};
