import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import { checkShown, type ValidationResult } from '#client/components/forms/validate-form.ts';
import { Button } from '#client/components/ui/button.tsx';
import { inputClassName } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { cn } from '#client/lib/utils.ts';
import { ADD_SHOW_MESSAGES } from '#shared/add-show.ts';
import { SHOW_DETAIL_MESSAGES, type ShowDetail } from '#shared/show-detail.ts';
import { type ShowDetailsPatch, showDetailsPatchSchema } from '#shared/show-detail-api.ts';
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

/**
 * Notes for any marked show; rating and companions for shows the fan went to. On react-hook-form
 * through useValidatedForm with the server's schema; the notes' length is shown as they are typed,
 * and Save waits for a change.
 */
export const ShowDetailNotes = ({ stopId, mine }: { stopId: string; mine: Mine }) => {
  const ids = useId();
  const attended = mine.state === 'attended';
  const save = useSaveShowDetails(stopId);
  const [refused, setRefused] = useState<string | null>(null);
  const form = useValidatedForm({
    initial: {
      notes: mine.notes ?? '',
      rating: mine.rating === null ? '' : String(mine.rating),
      companions: mine.companions ?? '',
    },
    check: ({ notes, rating, companions }): ValidationResult<ShowDetailsPatch> => {
      setRefused(null);
      // Too long is already said under the notes.
      if (notes.length > SHOW_LIMITS.notesMax) return { ok: false, field: undefined };
      const patch = attended ? { notes, rating: rating ? Number(rating) : null, companions } : { notes };
      return checkShown(showDetailsPatchSchema, patch, setRefused);
    },
    send: (patch) =>
      save
        .mutateAsync(patch)
        .then(() => showToast({ title: 'Saved', id: 'show-details' }))
        // The refusal shows above Save (save.error).
        .catch(() => undefined),
  });
  const { notes, companions } = form.values;
  const rating = form.values.rating ? Number(form.values.rating) : null;
  const tooLong = notes.length > SHOW_LIMITS.notesMax;
  const changed = notes !== (mine.notes ?? '') || rating !== mine.rating || companions !== (mine.companions ?? '');
  const failure = refused ?? (save.isError ? save.error.message : null);

  return (
    <form ref={form.formRef} onSubmit={form.submit} className="flex flex-col gap-5" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="font-display text-2xl font-bold">
        {attended ? 'Your night' : 'Your notes'}
      </h2>
      {attended ? (
        <StarRating
          value={rating}
          onChange={(stars) =>
            form.setValues((current) => ({ ...current, rating: stars === null ? '' : String(stars) }))
          }
        />
      ) : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-notes`} className="text-sm font-medium">
          Notes
        </label>
        <textarea
          id={`${ids}-notes`}
          rows={5}
          value={notes}
          onChange={form.field('notes').onChange}
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
            onChange={form.field('companions').onChange}
            className={inputClassName}
            placeholder="Friends, family, or on your own"
          />
        </div>
      ) : (
        <p className="text-sm text-muted">{SHOW_DETAIL_MESSAGES.attendedOnly}</p>
      )}
      {failure ? (
        <p role="alert" className="rounded-xl border border-destructive/60 bg-destructive/10 px-4 py-3 text-sm">
          {failure}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={save.isPending || tooLong || !changed}>
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
};
