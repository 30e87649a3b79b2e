import { Disc3, Search } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import { optionDetail, type SearchOption } from '../search-flow.ts';

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

interface SuggestionListProps {
  id: string;
  options: SearchOption[];
  activeIndex: number;
  onChoose(option: SearchOption): void;
  onHover(index: number): void;
}

/**
 * The listbox the search input controls (ARIA combobox pattern): focus stays in the input, the
 * active option is announced through aria-activedescendant.
 */
export const SuggestionList = ({ id, options, activeIndex, onChoose, onHover }: SuggestionListProps) => {
  const fromCatalog = options[0]?.kind === 'catalog';
  return (
    <div className="mt-2 overflow-hidden rounded-2xl border border-border bg-surface text-left shadow-2xl">
      <p id={`${id}-label`} className="px-4 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
        {fromCatalog ? 'Artists in our catalog' : 'Did you mean'}
      </p>
      <div id={id} role="listbox" aria-labelledby={`${id}-label`} className="p-1.5">
        {options.map((option, index) => {
          const detail = optionDetail(option);
          const Icon = option.kind === 'catalog' ? Disc3 : Search;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input that owns focus.
            <div
              key={option.kind === 'catalog' ? option.slug : option.mbid}
              id={optionId(id, index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(option)}
              onMouseMove={() => onHover(index)}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5',
                index === activeIndex ? 'bg-accent/15 text-foreground' : 'text-foreground/90',
              )}
            >
              <Icon className="size-4 shrink-0 text-accent" aria-hidden="true" />
              <span className="min-w-0">
                <span className="block truncate font-medium">{option.name}</span>
                {detail ? <span className="block truncate text-sm text-muted">{detail}</span> : null}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
};
