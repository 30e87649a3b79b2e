import { CalendarPlus, LogIn, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useValidatedForm } from '#client/components/forms/use-validated-form.ts';
import type { ValidationResult } from '#client/components/forms/validate-form.ts';
import { Typeahead, type TypeaheadOption } from '#client/components/typeahead.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field, inputClassName } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { paths } from '#client/lib/paths.ts';
import { signInPath } from '#client/lib/session/return-path.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { cn } from '#client/lib/utils.ts';
import { ADD_SHOW_MESSAGES } from '#shared/add-show.ts';
import type { AddShowPlace, AddShowRequest } from '#shared/add-show-api.ts';
import { localIsoDate } from '#shared/dates.ts';
import { SHOW_LIMITS } from '#shared/shows.ts';
import { postAddShow } from '../api/add-show-api.ts';
import { type ArtistChoice, searchArtists, searchCatalogVenues, searchPlaces, type VenueChoice } from './pickers.tsx';

const MIN_DATE = `${SHOW_LIMITS.minYear}-01-01`;
const MAX_DATE = `${SHOW_LIMITS.maxYear}-12-31`;

export const AddShowPage = () => {
  useDocumentTitle(`Add Show | ${BRAND}`);
  const { status } = useSession();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-col gap-2">
        <p className="flex items-center gap-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">
          <CalendarPlus className="size-4" aria-hidden="true" />
          My Shows
        </p>
        <h1 className="font-display text-4xl font-bold">Add Show</h1>
        <p className="text-muted">
          Log a show you went to — or one you are going to — even when it is not in our tour dates yet. Past shows go
          into your history as “I was there”; upcoming ones are marked Going.
        </p>
      </header>
      {status === 'loading' ? <Spinner label="Loading..." className="py-16" /> : null}
      {status === 'signed-out' ? <VisitorInvite /> : null}
      {status === 'signed-in' ? <AddShowForm /> : null}
    </section>
  );
};

const VisitorInvite = () => (
  <div className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:p-8">
    <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-muted">
      <li>Pick the artist and the venue — new venues are placed on the map from a city.</li>
      <li>Add the date, and if you like the time, the tour name and your notes.</li>
      <li>Rate it, note who you went with and keep your photos, visible only to you.</li>
    </ul>
    <Button asChild size="lg" className="self-start">
      <Link to={signInPath(paths.addShow)}>
        <LogIn aria-hidden="true" />
        Sign in to add a show
      </Link>
    </Button>
  </div>
);

interface NewVenue {
  name: string;
  place: TypeaheadOption<AddShowPlace> | null;
}

type Problems = Partial<Record<'artist' | 'venue' | 'date' | 'notes', string>>;

function checkForm(form: {
  artist: TypeaheadOption<ArtistChoice> | null;
  venue: TypeaheadOption<VenueChoice> | null;
  newVenue: NewVenue | null;
  date: string;
  notes: string;
}): Problems {
  const problems: Problems = {};
  if (!form.artist) problems.artist = ADD_SHOW_MESSAGES.artistRequired;
  const venueChosen = form.newVenue ? form.newVenue.name.trim() && form.newVenue.place : form.venue;
  if (!venueChosen) problems.venue = ADD_SHOW_MESSAGES.venueRequired;
  if (!form.date || form.date < MIN_DATE || form.date > MAX_DATE) problems.date = ADD_SHOW_MESSAGES.dateOutOfRange;
  if (form.notes.length > SHOW_LIMITS.notesMax) problems.notes = ADD_SHOW_MESSAGES.notesTooLong;
  return problems;
}

const FieldError = ({ id, message }: { id: string; message?: string }) =>
  message ? (
    <p id={id} className="text-sm text-destructive" role="alert">
      {message}
    </p>
  ) : null;

/**
 * On react-hook-form through useValidatedForm (issue 27 item 4): the typed values live in its store,
 * the chosen artist, venue and city in state. Every problem shows under its own field at once, and
 * the server's refusal above the form, with everything typed kept.
 */
const AddShowForm = () => {
  const navigate = useNavigate();
  const ids = useId();
  const [artist, setArtist] = useState<TypeaheadOption<ArtistChoice> | null>(null);
  const [venue, setVenue] = useState<TypeaheadOption<VenueChoice> | null>(null);
  const [newVenue, setNewVenue] = useState<NewVenue | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const form = useValidatedForm({
    initial: { date: '', time: '', tourName: '', notes: '' },
    check: ({ date, time, tourName, notes }): ValidationResult<AddShowRequest> => {
      const found = checkForm({ artist, venue, newVenue, date, notes });
      setProblems(found);
      setFailure(null);
      // The messages are under their fields; focus stays where it is.
      if (Object.keys(found).length > 0) return { ok: false, field: undefined };
      return {
        ok: true,
        data: {
          artist: artist!.value,
          venue: newVenue ? { kind: 'new', name: newVenue.name.trim(), place: newVenue.place!.value } : venue!.value,
          date,
          time: time || undefined,
          tourName: tourName.trim() || undefined,
          notes: notes.trim() ? notes : undefined,
          today: localIsoDate(),
        },
      };
    },
    send: async (request) => {
      try {
        const added = await postAddShow(request);
        showToast({
          title: added.state === 'attended' ? 'Added to your shows: I was there' : 'Added to your shows: Going',
          description: added.pending ? 'We will review the new tour date.' : 'It was already in our tour dates.',
        });
        navigate(paths.show(added.stopId));
      } catch (error) {
        // Everything typed stays in the form.
        setFailure((error as Error).message);
      }
    },
  });
  const { values, busy } = form;

  const startNewVenue = (name: string) => {
    setVenue(null);
    setNewVenue({ name, place: null });
  };

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={form.submit}
      className="flex flex-col gap-5 rounded-card border border-border bg-surface p-5 sm:p-8"
      aria-describedby={failure ? `${ids}-failure` : undefined}
    >
      {failure ? (
        <p
          id={`${ids}-failure`}
          role="alert"
          className="rounded-xl border border-destructive/60 bg-destructive/10 px-4 py-3 text-sm"
        >
          {failure}
        </p>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <Typeahead
          label="Artist"
          name="artist"
          placeholder="Search for an artist or band"
          search={searchArtists}
          selected={artist}
          onSelect={setArtist}
          invalid={Boolean(problems.artist)}
        />
        <FieldError id={`${ids}-artist`} message={problems.artist} />
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-date`} className="text-sm font-medium">
          Date
        </label>
        <input
          id={`${ids}-date`}
          name="date"
          type="date"
          min={MIN_DATE}
          max={MAX_DATE}
          value={values.date}
          onChange={form.field('date').onChange}
          aria-invalid={Boolean(problems.date) || undefined}
          className={cn(inputClassName, '[color-scheme:dark]')}
        />
        <FieldError id={`${ids}-date-error`} message={problems.date} />
      </div>

      {newVenue ? (
        <fieldset className="flex flex-col gap-4 rounded-2xl border border-border-strong p-4">
          <legend className="px-1 text-sm font-semibold">New venue</legend>
          <Field
            label="Venue name"
            name="venueName"
            value={newVenue.name}
            maxLength={200}
            onChange={(event) => setNewVenue({ ...newVenue, name: event.target.value })}
          />
          <Typeahead
            label="City"
            name="place"
            placeholder="Search for the city"
            search={searchPlaces}
            selected={newVenue.place}
            onSelect={(place) => setNewVenue({ ...newVenue, place })}
            hint="The venue's time zone and map position come from the city."
          />
          <Button variant="ghost" size="sm" className="self-start" onClick={() => setNewVenue(null)}>
            <X aria-hidden="true" />
            Search the catalog's venues instead
          </Button>
        </fieldset>
      ) : (
        <Typeahead
          label="Venue"
          name="venue"
          placeholder="Search for a venue or city"
          search={searchCatalogVenues}
          selected={venue}
          onSelect={setVenue}
          invalid={Boolean(problems.venue)}
          emptyAction={(text) => <NewVenueButton text={text} onClick={startNewVenue} />}
          footer={(text) => <NewVenueButton text={text} onClick={startNewVenue} />}
        />
      )}
      <FieldError id={`${ids}-venue`} message={problems.venue} />

      <div className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${ids}-time`} className="text-sm font-medium">
            Time <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            id={`${ids}-time`}
            name="time"
            type="time"
            value={values.time}
            onChange={form.field('time').onChange}
            className={cn(inputClassName, '[color-scheme:dark]')}
          />
        </div>
        <Field
          label={
            <>
              Tour name <span className="font-normal text-muted">(optional)</span>
            </>
          }
          name="tourName"
          maxLength={200}
          value={values.tourName}
          onChange={form.field('tourName').onChange}
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-notes`} className="text-sm font-medium">
          Notes <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={`${ids}-notes`}
          name="notes"
          rows={4}
          value={values.notes}
          onChange={form.field('notes').onChange}
          aria-invalid={Boolean(problems.notes) || undefined}
          aria-describedby={`${ids}-notes-count`}
          className={cn(inputClassName, 'h-auto min-h-28 py-2.5')}
        />
        <p id={`${ids}-notes-count`} className="text-xs text-muted">
          {values.notes.length.toLocaleString('en-US')} / {SHOW_LIMITS.notesMax.toLocaleString('en-US')}
        </p>
        <FieldError id={`${ids}-notes-error`} message={problems.notes} />
      </div>

      <Button type="submit" size="lg" className="self-start" disabled={busy}>
        <Plus aria-hidden="true" />
        {busy ? 'Adding...' : 'Add Show'}
      </Button>
    </form>
  );
};

const NewVenueButton = ({ text, onClick }: { text: string; onClick: (name: string) => void }) => (
  <button
    type="button"
    className="text-left font-semibold text-accent underline-offset-4 hover:underline"
    onMouseDown={(event) => event.preventDefault()}
    onClick={() => onClick(text)}
  >
    Not listed? Add “{text}” as a new venue
  </button>
);
