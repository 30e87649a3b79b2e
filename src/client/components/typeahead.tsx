import { Check } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ComboboxList, useCombobox } from '#client/components/ui/combobox.tsx';
import { inputClassName } from '#client/components/ui/form-field.tsx';
import { cn } from '#client/lib/utils.ts';

export interface TypeaheadOption<T> {
  key: string;
  label: string;
  detail?: string;
  value: T;
}

interface TypeaheadProps<T> {
  label: string;
  placeholder?: string;
  hint?: ReactNode;
  /** Looks options up for the typed text (at least `minLength` characters), newest wins. */
  search: (text: string, signal: AbortSignal) => Promise<TypeaheadOption<T>[]>;
  selected: TypeaheadOption<T> | null;
  onSelect: (option: TypeaheadOption<T> | null) => void;
  minLength?: number;
  invalid?: boolean;
  /** Shown under the list when the search found nothing (e.g. a way to add a new one). */
  emptyAction?: (text: string) => ReactNode;
  /** Shown under the list's options (e.g. "Not here? Search MusicBrainz"). */
  footer?: (text: string) => ReactNode;
  name?: string;
}

const DEBOUNCE_MS = 250;

/**
 * A combobox over a search (ui/combobox.tsx): type, then pick with the arrows and Enter (or a tap).
 * The chosen option stays in the input; typing again clears the choice.
 */
export function Typeahead<T>({
  label,
  placeholder,
  hint,
  search,
  selected,
  onSelect,
  minLength = 2,
  invalid,
  emptyAction,
  footer,
  name,
}: TypeaheadProps<T>) {
  const hintId = `${useId()}-hint`;
  const [text, setText] = useState(selected?.label ?? '');
  const [options, setOptions] = useState<TypeaheadOption<T>[]>([]);
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'error'>('idle');
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (selected) setText(selected.label);
  }, [selected]);

  useEffect(() => {
    const query = text.trim();
    if (selected || query.length < minLength) {
      setOptions([]);
      setState('idle');
      return;
    }
    const controller = new AbortController();
    setState('loading');
    const timer = setTimeout(() => {
      searchRef.current(query, controller.signal).then(
        (found) => {
          setOptions(found);
          setState('done');
        },
        (error: unknown) => {
          if ((error as Error).name !== 'AbortError') setState('error');
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, selected, minLength]);

  const showList = open && !selected && text.trim().length >= minLength;
  const combobox = useCombobox({
    items: options,
    open: showList,
    onOpenChange: setOpen,
    onChoose: (option) => {
      onSelect(option);
      setText(option.label);
      setOpen(false);
    },
    activateFirst: true,
  });

  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor={combobox.inputId} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          {...combobox.inputProps}
          name={name}
          aria-invalid={invalid || undefined}
          aria-describedby={hint ? hintId : undefined}
          className={cn(inputClassName, selected && 'pr-10')}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            if (selected) onSelect(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        {selected ? (
          <Check className="absolute top-1/2 right-3 size-5 -translate-y-1/2 text-accent" aria-hidden="true" />
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {showList ? (
        <div className="absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-xl border border-border-strong bg-surface shadow-2xl">
          <ComboboxList
            combobox={combobox}
            view={(option) => option}
            aria-label={label}
            className="max-h-72 overflow-y-auto p-1"
          />
          <div className="border-t border-border px-3.5 py-2 text-sm text-muted" aria-live="polite">
            {state === 'loading' ? 'Searching...' : null}
            {state === 'error' ? 'Search failed. Keep typing to try again.' : null}
            {state === 'done' && options.length === 0 ? (emptyAction?.(text.trim()) ?? 'No matches.') : null}
            {state === 'done' && options.length > 0 && footer ? footer(text.trim()) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
