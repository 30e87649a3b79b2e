import { Check, Loader2, MapPin, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { ComboboxList, useCombobox } from '#client/components/ui/combobox.tsx';
import { inputClassName } from '#client/components/ui/form-field.tsx';
import { cn } from '#client/lib/utils.ts';
import { PLACE_LIMITS, PLACES_ATTRIBUTION, PLACES_ATTRIBUTION_URL, type Place, placeLabel } from '#shared/places.ts';
import { usePlaceSearch, useWarmPlaceSearch } from './search-places.ts';

/** What the picker shows for the chosen place: its id and its label. */
export interface PlaceChoice {
  id: string;
  label: string;
}

export interface PlacePickerProps {
  label: ReactNode;
  value: PlaceChoice | null;
  /** A place chosen from the list, or null when the text was cleared. */
  onChange: (place: Place | null) => void;
  hint?: ReactNode;
  invalid?: boolean;
  /** The form field name (focused by the form when its value is refused). */
  name?: string;
  placeholder?: string;
  className?: string;
}

const DEBOUNCE_MS = 150;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * A city chooser over the offline gazetteer (the app's combobox, ui/combobox.tsx): type to search,
 * arrows to move, Enter to choose, Escape to close (twice: back to the chosen place). Leaving the
 * field without choosing keeps the place chosen before; clearing the text clears it.
 */
export const PlacePicker = ({
  label,
  value,
  onChange,
  hint,
  invalid,
  name,
  placeholder = 'Search for a city',
  className,
}: PlacePickerProps) => {
  useWarmPlaceSearch();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const query = useDebounced(text, DEBOUNCE_MS);
  const search = usePlaceSearch(open ? query : '');
  const places = open && query.trim() ? (search.data?.places ?? []) : [];
  const typing = text.trim() !== query.trim();
  const loading = open && text.trim().length > 0 && (typing || search.isFetching);
  const tooLong = text.trim().length > PLACE_LIMITS.queryMax;

  // A new value from outside (saved, reloaded) replaces the text.
  useEffect(() => setText(value?.label ?? ''), [value?.label]);

  const combobox = useCombobox({
    items: places,
    open,
    onOpenChange: setOpen,
    onChoose: (place) => {
      setText(placeLabel(place));
      setOpen(false);
      onChange(place);
    },
    activateFirst: true,
  });
  const hintId = `${combobox.inputId}-hint`;

  const close = () => {
    setOpen(false);
    if (text.trim() === '') {
      if (value) onChange(null);
    } else {
      setText(value?.label ?? '');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    combobox.inputProps.onKeyDown(event);
    if (event.defaultPrevented) return;
    // With the list up but nothing to pick (still searching, nothing found), Enter must not submit
    // the form with the place chosen before; with it closed, it does.
    if (event.key === 'Enter' && open) event.preventDefault();
    // A second Escape gives back the chosen place's name.
    else if (event.key === 'Escape' && text !== (value?.label ?? '')) {
      event.preventDefault();
      setText(value?.label ?? '');
    }
  };

  const status = statusText({ open, text, loading, tooLong, count: places.length, error: search.isError });

  return (
    <div className={cn('relative flex flex-col gap-1.5', className)}>
      <label htmlFor={combobox.inputId} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <MapPin
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          {...combobox.inputProps}
          ref={inputRef}
          name={name}
          type="text"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={hint ? hintId : undefined}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={(event) => event.target.select()}
          onBlur={close}
          onKeyDown={onKeyDown}
          className={cn(inputClassName, 'pr-10 pl-10')}
        />
        {loading ? (
          <Loader2
            className="absolute top-1/2 right-3.5 size-4 -translate-y-1/2 animate-spin text-muted"
            aria-hidden="true"
          />
        ) : text ? (
          <button
            type="button"
            aria-label="Clear place"
            // Before the input's blur: keep the focus in the field.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setText('');
              setOpen(false);
              onChange(null);
              inputRef.current?.focus();
            }}
            className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-full text-muted hover:bg-white/5 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
        <ComboboxList
          combobox={combobox}
          view={(place) => ({
            key: place.id,
            label: place.name,
            detail: [place.region, place.country].filter(Boolean).join(', '),
            mark: value?.id === place.id ? <Check className="size-4 shrink-0 text-accent" aria-hidden="true" /> : null,
          })}
          aria-label="Places"
          hidden={!open || places.length === 0}
          className="absolute top-full right-0 left-0 z-30 mt-1 max-h-80 overflow-y-auto rounded-xl border border-border-strong bg-surface p-1 shadow-xl"
        />
        {open && status.visible ? (
          // The status region below announces the same words.
          <p
            aria-hidden="true"
            className="absolute top-full right-0 left-0 z-30 mt-1 rounded-xl border border-border-strong bg-surface px-3.5 py-3 text-sm text-muted shadow-xl"
          >
            {status.text}
          </p>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {open ? status.text : ''}
      </p>
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}{' '}
          <a href={PLACES_ATTRIBUTION_URL} target="_blank" rel="noopener noreferrer" className="underline">
            {PLACES_ATTRIBUTION}
          </a>
        </p>
      ) : null}
    </div>
  );
};

/** What the popup says instead of (or about) the list; `visible` when no list is shown. */
function statusText(state: {
  open: boolean;
  text: string;
  loading: boolean;
  tooLong: boolean;
  count: number;
  error: boolean;
}): { text: string; visible: boolean } {
  const typed = state.text.trim();
  if (!state.open || !typed) return { text: '', visible: false };
  if (state.tooLong) return { text: `Type at most ${PLACE_LIMITS.queryMax} characters`, visible: true };
  if (state.error) return { text: 'Places could not be loaded. Try again.', visible: true };
  if (state.count > 0) {
    return {
      text: `${state.count} ${state.count === 1 ? 'place' : 'places'} found. Use the arrow keys to choose.`,
      visible: false,
    };
  }
  if (state.loading) return { text: 'Searching...', visible: true };
  return { text: `No places match “${typed}”`, visible: true };
}
