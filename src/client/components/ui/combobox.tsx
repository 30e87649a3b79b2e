import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { cx } from '#client/lib/class-names.ts';

/** Arrow keys move through the list and wrap; -1 means no option is active. */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}

export interface ComboboxOptions<T> {
  /** The options the list shows now. */
  items: T[];
  /** Whether the popup is up (the list shows when it has options). */
  open: boolean;
  /** An arrow key asks to open it, Escape to close it. */
  onOpenChange: (open: boolean) => void;
  onChoose: (item: T) => void;
  /** A new list starts at its first option, so Enter picks it; otherwise at none, and Enter submits the form. */
  activateFirst?: boolean;
}

/**
 * The one combobox of the app (ARIA 1.2 combobox with a listbox popup), under the typeaheads, the
 * place picker and the band search: the focus stays in the text input and the active option is
 * announced through aria-activedescendant; the arrow keys move it (wrapping round), Enter chooses
 * it, Escape closes the list; a pointer chooses with a click without taking the focus away. What
 * the list holds, when it opens and what the popup says besides are the caller's.
 */
export function useCombobox<T>({ items, open, onOpenChange, onChoose, activateFirst = false }: ComboboxOptions<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [active, setActive] = useState(-1);
  // A new list never keeps the previous one's highlight: Enter picks only a row the user could see.
  useEffect(() => setActive(activateFirst && items.length > 0 ? 0 : -1), [items, activateFirst]);
  const showing = open && items.length > 0;
  const activeItem = showing && active >= 0 ? items[active] : undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) onOpenChange(true);
      else setActive((index) => moveActive(index, items.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter' && activeItem !== undefined) {
      event.preventDefault();
      onChoose(activeItem);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      onOpenChange(false);
    }
  };

  return {
    inputId: id,
    items,
    active,
    setActive,
    inputProps: {
      id,
      role: 'combobox',
      autoComplete: 'off',
      'aria-autocomplete': 'list',
      'aria-expanded': showing,
      'aria-controls': showing ? listId : undefined,
      'aria-activedescendant': activeItem !== undefined ? optionId(active) : undefined,
      onKeyDown,
    } as const,
    listProps: { id: listId, role: 'listbox' } as const,
    optionProps: (index: number) => ({
      id: optionId(index),
      role: 'option' as const,
      tabIndex: -1,
      'aria-selected': index === active,
      // Before the input's blur: the focus stays in the field, and the list stays up for the click.
      onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
      onMouseMove: () => setActive(index),
      onClick: () => onChoose(items[index]!),
    }),
  };
}

export type Combobox<T> = ReturnType<typeof useCombobox<T>>;

/** One option as the list draws it. */
export interface ComboboxItem {
  key: string;
  label: string;
  /** The second line: what tells two options of one name apart. */
  detail?: string;
  icon?: ReactNode;
  /** Drawn after the text (the place picker ticks the place chosen before). */
  mark?: ReactNode;
}

interface ComboboxListProps<T> {
  combobox: Combobox<T>;
  view: (item: T) => ComboboxItem;
  className?: string;
  /** Added to every option (the band search fixes their height to line up its Follow buttons). */
  optionClassName?: string;
  hidden?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/** The listbox of a combobox: every option with its line of detail, the active one highlighted. */
export function ComboboxList<T>({ combobox, view, className, optionClassName, ...rest }: ComboboxListProps<T>) {
  return (
    <div {...combobox.listProps} {...rest} className={className}>
      {combobox.items.map((item, index) => {
        const { key, label, detail, icon, mark } = view(item);
        return (
          <div
            key={key}
            {...combobox.optionProps(index)}
            className={cx(
              'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5',
              index === combobox.active ? 'bg-accent/15 text-foreground' : 'text-foreground/90',
              optionClassName,
            )}
          >
            {icon}
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{label}</span>
              {detail ? <span className="block truncate text-sm text-muted">{detail}</span> : null}
            </span>
            {mark}
          </div>
        );
      })}
    </div>
  );
}
