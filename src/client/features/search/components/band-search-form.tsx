import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { validateBandSearch } from '#shared/search.ts';
import { slugify } from '#shared/text.ts';

interface Suggestion {
  name: string;
  slug: string;
}

/**
 * The hero's band search. Validation follows spec section 5; the search itself (suggestions,
 * fetching new tours) comes with the search feature, so a valid name opens its tour page for now.
 */
export const BandSearchForm = () => {
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);

  const onChange = (value: string) => {
    setText(value);
    // Suggestions belong to the text they were found for.
    if (suggestions.length > 0) setSuggestions([]);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = validateBandSearch(text);
    if (!check.ok) {
      showToast({ ...check.problem, variant: 'destructive', id: 'band-search' });
      return;
    }
    navigate(`/tour/${slugify(check.query)}`);
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
              id={inputId}
              type="search"
              value={text}
              onChange={(event) => onChange(event.target.value)}
              placeholder="Search for a band or artist..."
              autoComplete="off"
              enterKeyHint="search"
              className="h-11 w-full min-w-0 bg-transparent text-base text-foreground placeholder:text-muted focus:outline-none"
            />
          </div>
          <Button type="submit" size="lg">
            Search
          </Button>
        </div>
        {suggestions.length > 0 ? (
          <ul aria-label="Suggestions" className="mt-2 rounded-2xl border border-border bg-surface p-2">
            {suggestions.map((suggestion) => (
              <li key={suggestion.slug}>{suggestion.name}</li>
            ))}
          </ul>
        ) : null}
      </form>
    </search>
  );
};
