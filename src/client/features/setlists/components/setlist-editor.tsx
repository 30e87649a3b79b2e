import { ArrowDown, ArrowUp, GripVertical, Plus, SeparatorHorizontal, Trash2 } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { inputClassName } from '#client/components/ui/form-field.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import { SETLIST_LIMITS, SETLIST_MESSAGES, type SetlistView, setLabel } from '#shared/setlists.ts';
import { type OwnSetlistBody, suggestSongs, useSaveOwnSetlist } from '../api/setlists-api.ts';

type Item =
  | { key: string; type: 'song'; name: string; tape: boolean; cover: string; note: string }
  | { key: string; type: 'divider' };

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;
const song = (name: string): Item => ({ key: newKey(), type: 'song', name, tape: false, cover: '', note: '' });

/** The saved setlist as editor rows: a divider before each new set. */
function itemsOf(setlist: SetlistView | null): Item[] {
  if (!setlist) return [];
  const items: Item[] = [];
  let set = 0;
  for (const line of setlist.songs) {
    while (set < line.setIndex) {
      items.push({ key: newKey(), type: 'divider' });
      set += 1;
    }
    items.push({
      key: newKey(),
      type: 'song',
      name: line.name,
      tape: line.kind === 'tape',
      cover: line.coverArtistName ?? '',
      note: line.note ?? '',
    });
  }
  return items;
}

function bodyOf(items: Item[], info: string): OwnSetlistBody {
  let setIndex = 0;
  const songs: OwnSetlistBody['songs'] = [];
  for (const item of items) {
    if (item.type === 'divider') {
      // A divider with no song after it starts nothing.
      setIndex += 1;
      continue;
    }
    if (!item.name.trim()) continue;
    songs.push({
      name: item.name.trim(),
      setIndex,
      kind: item.tape ? 'tape' : 'song',
      coverArtistName: item.cover.trim() || null,
      note: item.note.trim() || null,
    });
  }
  // Dividers without songs after them, or two in a row, would skip a set: close the gaps.
  let expected = 0;
  let previous = 0;
  for (const line of songs) {
    if (line.setIndex !== previous) {
      expected += 1;
      previous = line.setIndex;
    }
    line.setIndex = expected;
  }
  return { songs, info: info.trim() || null };
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const copy = [...list];
  const [moved] = copy.splice(from, 1);
  copy.splice(to, 0, moved!);
  return copy;
}

/** Suggestions for the song being typed: the artist's known songs, most played first. */
function useSongSuggestions(artistId: string, text: string): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggestSongs(artistId, text.trim(), controller.signal).then(setNames, () => {});
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [artistId, text]);
  return names;
}

interface EditorProps {
  stopId: string;
  artistId: string;
  artistName: string;
  initial: SetlistView | null;
  onDone: () => void;
}

/**
 * The fan's own setlist: type a song and press Enter for the next one (known songs are offered as
 * you type), reorder by dragging or with Alt+↑/↓ (or the arrow buttons), "Add encore" puts a set
 * divider in. Saved whole; the server checks it again.
 */
export const SetlistEditor = ({ stopId, artistId, artistName, initial, onDone }: EditorProps) => {
  const id = useId();
  const listId = `${id}-songs`;
  const [items, setItems] = useState<Item[]>(() => itemsOf(initial));
  const [info, setInfo] = useState(initial?.info ?? '');
  const [draft, setDraft] = useState('');
  const [typing, setTyping] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dragFrom = useRef<number | null>(null);
  const draftRef = useRef<HTMLInputElement>(null);
  const suggestions = useSongSuggestions(artistId, typing);
  const save = useSaveOwnSetlist(stopId);
  const songCount = items.filter((item) => item.type === 'song').length;
  const encores = items.filter((item) => item.type === 'divider').length;

  const setAt = (index: number, patch: Partial<Extract<Item, { type: 'song' }>>) =>
    setItems((list) => list.map((item, i) => (i === index && item.type === 'song' ? { ...item, ...patch } : item)));

  const labelOf = (item: Item, index: number) => {
    if (item.type === 'song') return item.name || 'the empty song';
    const before = items.slice(0, index + 1).filter((other) => other.type === 'divider').length;
    return setLabel(before);
  };

  const moveItem = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    setItems((list) => move(list, from, to));
    setAnnouncement(`${labelOf(items[from]!, from)} moved to position ${to + 1} of ${items.length}.`);
  };

  const addDraft = () => {
    const name = draft.trim();
    if (!name) return;
    if (songCount >= SETLIST_LIMITS.maxSongs) {
      setError(SETLIST_MESSAGES.tooManySongs);
      return;
    }
    setItems((list) => [...list, song(name)]);
    setDraft('');
    setTyping('');
    setAnnouncement(`${name} added.`);
  };

  const onRowKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey) return;
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      moveItem(index, index - 1);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      moveItem(index, index + 1);
    }
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragFrom.current !== null) moveItem(dragFrom.current, index);
    dragFrom.current = null;
  };

  const submit = () => {
    setError(null);
    const body = bodyOf(items, info);
    if (body.songs.length === 0) {
      setError('Add at least one song, or cancel.');
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        showToast({ title: SETLIST_MESSAGES.saved });
        onDone();
      },
      onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'The setlist could not be saved.'),
    });
  };

  let setNumber = 0;
  let songNumber = 0;
  return (
    <form
      className="flex flex-col gap-4"
      aria-label={`Your setlist for ${artistName}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <datalist id={listId}>
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <p className="text-sm text-muted">
        Type a song and press Enter. Drag the handle, or press Alt+↑ / Alt+↓ in a row, to reorder.
      </p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {items.length === 0 ? null : (
        <ol className="flex flex-col gap-2" aria-label="Songs">
          {items.map((item, index) => {
            if (item.type === 'divider') {
              setNumber += 1;
              songNumber = 0;
            } else songNumber += 1;
            return (
              <li
                key={item.key}
                draggable
                onDragStart={(event) => {
                  dragFrom.current = index;
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(index));
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => onDrop(event, index)}
                onKeyDown={(event) => onRowKey(event, index)}
                data-testid={item.type === 'divider' ? 'setlist-divider' : 'setlist-song'}
                className={cn(
                  'flex flex-wrap items-center gap-2 rounded-xl border px-2 py-2',
                  item.type === 'divider' ? 'border-accent/50 bg-accent/10' : 'border-border bg-surface',
                )}
              >
                <span className="cursor-grab text-muted" aria-hidden="true">
                  <GripVertical className="size-5" />
                </span>
                {item.type === 'divider' ? (
                  <span className="flex-1 text-sm font-semibold text-accent uppercase">{setLabel(setNumber)}</span>
                ) : (
                  <>
                    <span className="w-6 text-right text-sm text-muted tabular-nums">{songNumber}.</span>
                    <input
                      className={cn(inputClassName, 'h-10 min-w-40 flex-1')}
                      aria-label={`Song ${songNumber}${setNumber > 0 ? ` of ${setLabel(setNumber)}` : ''}`}
                      value={item.name}
                      maxLength={SETLIST_LIMITS.songNameMax}
                      list={listId}
                      onFocus={() => setTyping(item.name)}
                      onChange={(event) => {
                        setAt(index, { name: event.target.value });
                        setTyping(event.target.value);
                      }}
                    />
                    <label className="flex items-center gap-1.5 text-sm text-muted">
                      <input
                        type="checkbox"
                        checked={item.tape}
                        onChange={(event) => setAt(index, { tape: event.target.checked })}
                      />
                      Tape
                    </label>
                    <input
                      className={cn(inputClassName, 'h-10 w-36')}
                      aria-label={`Original artist of ${item.name || `song ${songNumber}`} (a cover)`}
                      placeholder="Cover of…"
                      value={item.cover}
                      maxLength={SETLIST_LIMITS.coverArtistMax}
                      onChange={(event) => setAt(index, { cover: event.target.value })}
                    />
                    <input
                      className={cn(inputClassName, 'h-10 w-36')}
                      aria-label={`Note on ${item.name || `song ${songNumber}`}`}
                      placeholder="Note"
                      value={item.note}
                      maxLength={SETLIST_LIMITS.noteMax}
                      onChange={(event) => setAt(index, { note: event.target.value })}
                    />
                  </>
                )}
                <span className="ml-auto flex items-center">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Move ${labelOf(item, index)} up`}
                    disabled={index === 0}
                    onClick={() => moveItem(index, index - 1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Move ${labelOf(item, index)} down`}
                    disabled={index === items.length - 1}
                    onClick={() => moveItem(index, index + 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${labelOf(item, index)}`}
                    onClick={() => setItems((list) => list.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={draftRef}
          className={cn(inputClassName, 'h-11 min-w-48 flex-1')}
          aria-label="Add a song"
          placeholder={`A song by ${artistName}`}
          value={draft}
          maxLength={SETLIST_LIMITS.songNameMax}
          list={listId}
          onFocus={() => setTyping(draft)}
          onChange={(event) => {
            setDraft(event.target.value);
            setTyping(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addDraft();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={addDraft} disabled={!draft.trim()}>
          <Plus aria-hidden="true" />
          Add song
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={encores >= SETLIST_LIMITS.maxEncores}
          onClick={() => {
            setItems((list) => [...list, { key: newKey(), type: 'divider' }]);
            setAnnouncement(`${setLabel(encores + 1)} divider added.`);
            draftRef.current?.focus();
          }}
        >
          <SeparatorHorizontal aria-hidden="true" />
          Add encore
        </Button>
      </div>
      <label className="flex flex-col gap-1.5 text-sm">
        <span className="font-medium">About this show (optional)</span>
        <input
          className={cn(inputClassName, 'h-11')}
          value={info}
          maxLength={SETLIST_LIMITS.infoMax}
          onChange={(event) => setInfo(event.target.value)}
        />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save setlist'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <span className="self-center text-sm text-muted">
          {songCount} of {SETLIST_LIMITS.maxSongs} songs
        </span>
      </div>
    </form>
  );
};
