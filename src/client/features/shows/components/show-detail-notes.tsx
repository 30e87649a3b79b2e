import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { inputClassName } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { cn } from '#client/lib/utils.ts';
import { ADD_SHOW_MESSAGES } from '#shared/add-show.ts';
import { SHOW_DETAIL_MESSAGES, type ShowDetail } from '#shared/show-detail.ts';
import { SHOW_LIMITS } from '#shared/shows.ts';
import { useSaveShowDetails } from '../api/show-detail-api.ts';

type Mine = NonNullable<ShowDetail['mine']>;

/** A 1–5 star rating as a radio group: arrow keys move between stars, as with any radio group. */
export const StarRating = ({ value, onChange }: { value: number | null; onChange: (value: number | null) => void }) => {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">Your rating</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="group relative cursor-pointer rounded-md p-1">
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}`}
            />
            <Star
              aria-hidden="true"
              className={cn(
                'size-8 transition-colors peer-focus-visible:rounded peer-focus-visible:outline-2 peer-focus-visible:outline-ring',
                value !== null && stars <= value ? 'fill-accent text-accent' : 'text-muted group-hover:text-accent/70',
              )}
            />
          </label>
        ))}
        {value !== null ? (
          <Button variant="link" size="sm" className="ml-3" onClick={() => onChange(null)}>
            Clear rating
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
};

/** Notes for any marked show; rating and companions for shows the fan went to. */
export const ShowDetailNotes = ({ stopId, mine }: { stopId: string; mine: Mine }) => {
  const ids = useId();
  const attended = mine.state === 'attended';
  const [notes, setNotes] = useState(mine.notes ?? '');
  const [rating, setRating] = useState<number | null>(mine.rating);
  const [companions, setCompanions] = useState(mine.companions ?? '');
  const save = useSaveShowDetails(stopId);
  const tooLong = notes.length > SHOW_LIMITS.notesMax;
  const changed = notes !== (mine.notes ?? '') || rating !== mine.rating || companions !== (mine.companions ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    save.mutate(attended ? { notes, rating, companions } : { notes }, {
      onSuccess: () => showToast({ title: 'Saved', id: 'show-details' }),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="font-display text-2xl font-bold">
        {attended ? 'Your night' : 'Your notes'}
      </h2>
      {attended ? <StarRating value={rating} onChange={setRating} /> : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-notes`} className="text-sm font-medium">
          Notes
        </label>
        <textarea
          id={`${ids}-notes`}
          rows={5}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${ids}-count`}
          className={cn(inputClassName, 'h-auto min-h-32 py-2.5')}
          placeholder={
            attended ? 'The setlist, the encore, the moment you will remember…' : 'Plans, tickets, meeting point…'
          }
        />
        <p id={`${ids}-count`} className={cn('text-xs', tooLong ? 'text-destructive' : 'text-muted')}>
          {notes.length.toLocaleString('en-US')} / {SHOW_LIMITS.notesMax.toLocaleString('en-US')}
          {tooLong ? ` — ${ADD_SHOW_MESSAGES.notesTooLong}` : ''}
        </p>
      </div>
      {attended ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${ids}-companions`} className="text-sm font-medium">
            Who you went with
          </label>
          <input
            id={`${ids}-companions`}
            value={companions}
            maxLength={SHOW_LIMITS.companionsMax}
            onChange={(event) => setCompanions(event.target.value)}
            className={inputClassName}
            placeholder="Friends, family, or on your own"
          />
        </div>
      ) : (
        <p className="text-sm text-muted">{SHOW_DETAIL_MESSAGES.attendedOnly}</p>
      )}
      {save.isError ? (
        <p role="alert" className="rounded-xl border border-destructive/60 bg-destructive/10 px-4 py-3 text-sm">
          {save.error.message}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={save.isPending || tooLong || !changed}>
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
};
