import { ExternalLink } from 'lucide-react';
import { SETLIST_MESSAGES, type SetlistSongView, type SetlistView, setLabel } from '#shared/setlists.ts';

/** Songs grouped into their sets, in order. */
function sets(songs: SetlistSongView[]): { setIndex: number; name: string; songs: SetlistSongView[] }[] {
  const result: { setIndex: number; name: string; songs: SetlistSongView[] }[] = [];
  for (const song of songs) {
    const last = result.at(-1);
    const name = song.setName && song.setIndex === 0 ? song.setName : setLabel(song.setIndex);
    if (last && last.setIndex === song.setIndex && last.name === name) last.songs.push(song);
    else result.push({ setIndex: song.setIndex, name, songs: [song] });
  }
  return result;
}

const SongLine = ({ song }: { song: SetlistSongView }) => (
  <li className="py-1">
    <span className={song.kind === 'tape' ? 'text-muted italic' : 'font-medium'}>{song.name}</span>
    {song.kind === 'tape' ? <span className="ml-2 text-xs text-muted uppercase">tape</span> : null}
    {song.coverArtistName ? <span className="ml-2 text-sm text-muted">({song.coverArtistName} cover)</span> : null}
    {song.note ? <span className="ml-2 text-sm text-muted">· {song.note}</span> : null}
  </li>
);

/** One setlist: its sets as numbered lists (tapes unnumbered in spirit, but kept in order), and where it came from. */
export const SetlistSongs = ({ setlist }: { setlist: SetlistView }) => {
  if (setlist.songs.length === 0) return <p className="text-sm text-muted">No songs listed yet.</p>;
  return (
    <div className="flex flex-col gap-4">
      {sets(setlist.songs).map((set) => (
        <div key={`${set.setIndex}-${set.name}`}>
          <h4 className="text-xs font-semibold tracking-[0.14em] text-accent uppercase">{set.name}</h4>
          <ol className="mt-1 list-decimal pl-6 marker:text-muted">
            {set.songs.map((song, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a song may be played twice; the position is its identity
              <SongLine key={`${song.songId}-${index}`} song={song} />
            ))}
          </ol>
        </div>
      ))}
      {setlist.info ? <p className="text-sm text-muted">{setlist.info}</p> : null}
      {setlist.url ? <SetlistfmAttribution url={setlist.url} /> : null}
    </div>
  );
};

/** setlist.fm asks for a link to the setlist's page wherever its data is shown. */
export const SetlistfmAttribution = ({ url }: { url: string }) => (
  <a
    href={url}
    target="_blank"
    rel="noopener noreferrer"
    className="inline-flex items-center gap-1.5 text-sm text-accent underline-offset-4 hover:underline"
  >
    {SETLIST_MESSAGES.attribution}
    <ExternalLink className="size-3.5" aria-hidden="true" />
  </a>
);

/** "setlist.fm is unavailable…": shown with what is stored. */
export const ProviderNotice = ({ provider }: { provider: string }) => {
  if (provider !== 'unavailable' && provider !== 'over-quota') return null;
  return (
    <p role="status" className="rounded-xl border border-border-strong bg-surface px-4 py-3 text-sm text-muted">
      {provider === 'over-quota' ? SETLIST_MESSAGES.providerOverQuota : SETLIST_MESSAGES.providerUnavailable}
    </p>
  );
};
