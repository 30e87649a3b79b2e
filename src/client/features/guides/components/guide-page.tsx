import { Car, CloudSun, Compass, Home, MapPin, Route, Sunset, Ticket } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundState, QueryPageState } from '#client/components/page-states.tsx';
import { ShowTime } from '#client/components/show-time.tsx';
import type { CalendarLinkPart, FollowPart, ShowStatePart } from '#client/lib/feature-parts.ts';
import { paths } from '#client/lib/paths.ts';
import { placeLabel } from '#client/lib/place-label.ts';
import { useSession } from '#client/lib/session/use-session.ts';
import { useCanonicalSlug } from '#client/lib/use-canonical-slug.ts';
import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatLocalTime, formatLongDate, formatShortDate, localIsoDate } from '#shared/dates.ts';
import {
  DEFAULT_LOADING_MESSAGES,
  type Distance,
  type GuidePage as GuideData,
  OPEN_METEO_ATTRIBUTION,
  OPEN_METEO_URL,
  weatherLabel,
} from '#shared/guides.ts';
import { useGuide, useGuideLive, useLoadingMessages } from '../api/get-guide.ts';
import { GuideMap } from './guide-map.tsx';
import {
  CityGuide,
  GuideSection,
  LocationNote,
  NeedsLocation,
  OsmAttribution,
  PartNote,
  PlaceList,
  VenueFacts,
} from './guide-parts.tsx';
import { LazyTipsSection } from './lazy-tips-section.tsx';

const guideNotFound = <NotFoundState icon={Compass} thing="Guide" heading="We couldn't find that tour stop" />;

/** A number from the stop's id (a UUID): each guide starts on its own message, the same on the server and in the browser. */
const firstMessageIndex = (stopId: string): number => Number.parseInt(stopId.slice(0, 3), 16) || 0;

/**
 * One of the admin-managed loading messages, changing every few seconds while the guide is built.
 * The first one is chosen from the stop, not at random: the page rendered on the server must
 * hydrate with the same text.
 */
function BuildingMessage({ stopId }: { stopId: string }) {
  const { data } = useLoadingMessages();
  const messages = data?.messages.length ? data.messages : DEFAULT_LOADING_MESSAGES;
  const [index, setIndex] = useState(() => firstMessageIndex(stopId));
  useEffect(() => {
    const timer = setInterval(() => setIndex((value) => value + 1), 3_500);
    return () => clearInterval(timer);
  }, []);
  return (
    <div
      className="flex items-center gap-3 rounded-card border border-accent/40 bg-accent/10 px-4 py-3"
      role="status"
      aria-live="polite"
    >
      <span
        aria-hidden="true"
        className="size-5 shrink-0 animate-spin-slow rounded-full border-2 border-border-strong border-t-accent"
      />
      <p>
        <span className="sr-only">Your guide is being put together. </span>
        {messages[index % messages.length]}
      </p>
    </div>
  );
}

function DistanceLine({ distance, icon: Icon }: { distance: Distance; icon: typeof Home }) {
  return (
    <li className="flex items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
      <span>
        {distance.label}: <strong>{distance.km.toLocaleString('en-US')} km</strong>
        {distance.driveHours !== null ? ` · about ${distance.driveHours} h by road` : ' · walkable'}
      </span>
    </li>
  );
}

function Weather({ guide }: { guide: GuideData }) {
  const { weather, night } = guide;
  const forecast = weather.data;
  const typical = weather.typical.data;
  return (
    <div className="flex flex-col gap-3">
      {weather.status !== 'none' ? (
        <PartNote part={weather} what="the forecast" />
      ) : (
        <PartNote part={weather.typical} what="past weather" />
      )}
      {forecast ? (
        <p className="flex items-center gap-2 text-lg">
          <CloudSun className="size-5 text-accent" aria-hidden="true" />
          <span>
            <strong>{weatherLabel(forecast.weatherCode)}</strong>
            {forecast.maxC !== null ? `, ${Math.round(forecast.maxC)}°C` : ''}
            {forecast.minC !== null ? ` / ${Math.round(forecast.minC)}°C` : ''}
            {forecast.precipitationChance !== null ? ` · ${forecast.precipitationChance}% chance of rain` : ''}
          </span>
        </p>
      ) : null}
      {typical ? (
        <p>
          Forecasts reach 16 days ahead. That week is usually{' '}
          <strong>
            {typical.maxC !== null ? `${Math.round(typical.maxC)}°C` : '—'}
            {typical.minC !== null ? ` / ${Math.round(typical.minC)}°C` : ''}
          </strong>
          {typical.rainyDaysPercent !== null ? `, with rain on ${typical.rainyDaysPercent}% of days` : ''} (past{' '}
          {typical.years} years).
        </p>
      ) : null}
      {night.sunset ? (
        <p className="flex items-center gap-2">
          <Sunset className="size-4 text-accent" aria-hidden="true" />
          Sunset at {formatLocalTime(night.sunset)} local time
        </p>
      ) : null}
      <p className="text-xs text-muted">
        <a href={OPEN_METEO_URL} target="_blank" rel="noopener noreferrer" className="underline">
          {OPEN_METEO_ATTRIBUTION}
        </a>{' '}
        (CC BY 4.0). Sunset computed for the venue.
      </p>
    </div>
  );
}

/** The parts of other features the guide shows: the fan's state buttons, 'Add to calendar' and Follow. */
export interface GuidePageParts {
  StateButtons: ShowStatePart;
  CalendarLink: CalendarLinkPart;
  Follow: FollowPart;
}

function GuideView({ guide, parts }: { guide: GuideData; parts: GuidePageParts }) {
  const { StateButtons, CalendarLink, Follow } = parts;
  const session = useSession().status;
  const { stop, around } = guide;
  const { artistSlug = '', stopSlug = '' } = useParams();
  useGuideLive(artistSlug, stopSlug, guide.building);
  useDocumentTitle(`${stop.artistName} in ${stop.city} | ${BRAND}`);
  const places = around.data?.places ?? [];
  const point = stop.lat !== null && stop.lon !== null ? { name: stop.venueName, lat: stop.lat, lon: stop.lon } : null;
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-8 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Local guide · {stop.tourName}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="font-display text-3xl font-extrabold sm:text-4xl">
            {stop.artistName} in {stop.city}
          </h1>
          <Follow session={session} artistSlug={stop.artistSlug} artistName={stop.artistName} size="sm" />
        </div>
        <p className="text-lg">
          <time dateTime={stop.date}>{formatLongDate(stop.date)}</time>
          {stop.time ? (
            <>
              {' · '}
              <ShowTime date={stop.date} time={stop.time} timeZone={stop.timeZone} />
            </>
          ) : null}
        </p>
        <p className="flex flex-wrap items-center gap-1.5 text-muted">
          <MapPin className="size-4" aria-hidden="true" />
          {/* One flex item: the gap between items put a space before the comma ("Roundhouse , London"). */}
          <span data-testid="guide-place">
            <Link to={paths.venue(stop.venueSlug)} className="font-semibold text-foreground hover:underline">
              {stop.venueName}
            </Link>
            , {placeLabel(stop)}
          </span>
        </p>
        <StateButtons
          className="mt-2"
          stopId={stop.stopId}
          date={stop.date}
          status={stop.status}
          context={`${stop.artistName} at ${stop.venueName}, ${formatLongDate(stop.date)}`}
          saved={guide.myState}
        />
        {stop.ticketUrl ? (
          <a
            href={stop.ticketUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:underline"
          >
            <Ticket className="size-4" aria-hidden="true" /> Tickets
          </a>
        ) : null}
        {stop.date < localIsoDate() ? null : (
          <div className="mt-1">
            <CalendarLink stopId={stop.stopId} date={stop.date} size="default" />
          </div>
        )}
      </header>

      {guide.building ? <BuildingMessage stopId={stop.stopId} /> : null}

      <section aria-labelledby="your-night" className="rounded-card border border-border bg-surface p-5">
        <h2 id="your-night" className="mb-2 font-display text-xl font-bold">
          Your night in {stop.city}
        </h2>
        <p>{guide.night.story}</p>
      </section>

      <GuideSection id="getting-there" title="Getting there">
        {stop.address ? <p>{stop.address}</p> : null}
        {guide.location ? (
          <LocationNote part={guide.location} venueName={stop.venueName} hasAddress={Boolean(stop.address)} />
        ) : null}
        <VenueFacts part={guide.venue} venueName={stop.venueName} />
        <ul className="flex flex-col gap-1.5">
          {guide.fromHome ? <DistanceLine distance={guide.fromHome} icon={Home} /> : null}
          {guide.fromPrevious ? <DistanceLine distance={guide.fromPrevious} icon={Route} /> : null}
        </ul>
        {!guide.fromHome ? (
          <p className="text-sm text-muted">
            <Link to={paths.settings} className="underline">
              Set your home city
            </Link>{' '}
            to see how far the show is from you.
          </p>
        ) : null}
        {guide.location ? null : <PartNote part={around} what="transport and parking nearby" />}
        {around.data ? <PlaceList places={places} categories={['transit', 'parking']} /> : null}
      </GuideSection>

      <GuideSection id="around-the-venue" title="Around the venue">
        {guide.location ? (
          <NeedsLocation what="map or places nearby" />
        ) : (
          <PartNote part={around} what="places around the venue" />
        )}
        {point ? <GuideMap venue={point} places={places} tilesUrl={guide.mapTilesUrl} /> : null}
        {around.data ? <PlaceList places={places} categories={['food', 'sleep']} /> : null}
        {around.data ? <OsmAttribution /> : null}
      </GuideSection>

      <GuideSection id="the-city" title="The city">
        <CityGuide part={guide.city} />
      </GuideSection>

      <GuideSection id="weather" title="Weather">
        {guide.location ? <NeedsLocation what="forecast" /> : <Weather guide={guide} />}
      </GuideSection>

      <GuideSection id="tips" title="Tips from fans">
        <LazyTipsSection venueSlug={stop.venueSlug} venueName={stop.venueName} />
      </GuideSection>

      <GuideSection id="nearby-shows" title="Nearby shows">
        {guide.nearbyShows.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {guide.nearbyShows.map((show) => (
              <li
                key={`${show.artistSlug}/${show.stopSlug}`}
                className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-card border border-border bg-surface px-4 py-3"
              >
                <Link to={paths.guide(show.artistSlug, show.stopSlug)} className="font-semibold hover:underline">
                  {show.artistName}
                  {show.followed ? (
                    <span className="ml-2 rounded-full bg-accent/15 px-2 py-0.5 text-xs text-accent">Following</span>
                  ) : null}
                </Link>
                <span className="text-sm text-muted">
                  {formatShortDate(show.date)} · {show.venueName}, {show.city} · {show.distanceKm} km
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">No other shows within 100 km that week.</p>
        )}
      </GuideSection>
      <p className="flex items-center gap-2 text-xs text-muted">
        <Car className="size-3.5" aria-hidden="true" /> Distances are straight-line estimates; check your route before
        you go.
      </p>
    </article>
  );
}

/** /guide/{artistSlug}/{stopSlug}: the local guide, assembled from prebuilt parts (issue 13). */
export const GuidePage = (parts: GuidePageParts) => {
  const { artistSlug = '', stopSlug = '' } = useParams();
  const query = useGuide(artistSlug, stopSlug);
  // A merged artist's old slug answers with the survivor's guide: show the survivor's address.
  const guidePath = useCallback((slug: string) => paths.guide(slug, stopSlug), [stopSlug]);
  useCanonicalSlug(artistSlug, query.data?.stop.artistSlug, guidePath);
  if (query.isSuccess) return <GuideView guide={query.data} parts={parts} />;
  return <QueryPageState query={query} loadingLabel="Loading guide..." what="The guide" notFound={guideNotFound} />;
};
