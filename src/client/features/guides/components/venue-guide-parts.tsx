import { Spinner } from '#client/components/ui/spinner.tsx';
import { useVenueGuideParts } from '../api/get-guide.ts';
import { GuideMap } from './guide-map.tsx';
import { CityGuide, GuideSection, OsmAttribution, PartNote, PlaceList, VenueFacts } from './guide-parts.tsx';
import { LazyTipsSection } from './lazy-tips-section.tsx';

/** The venue page's share of the guide: the places around it and its city (the same parts every stop there uses). */
export function VenueGuideParts({
  venueSlug,
  venue,
}: {
  venueSlug: string;
  venue: { name: string; lat: number | null; lon: number | null };
}) {
  const query = useVenueGuideParts(venueSlug);
  if (query.isPending) return <Spinner label="Loading the area guide..." className="py-6" />;
  if (query.isError) return <p className="text-muted">The area guide could not be loaded. Try again later.</p>;
  const { around, city, venue: facts, mapTilesUrl } = query.data;
  const places = around.data?.places ?? [];
  return (
    <div className="flex flex-col gap-10">
      {facts.data ? (
        <GuideSection id="the-venue" title="The venue">
          <VenueFacts part={facts} venueName={venue.name} />
        </GuideSection>
      ) : null}
      <GuideSection id="around-the-venue" title="Around the venue">
        <PartNote part={around} what="places around the venue" />
        {venue.lat !== null && venue.lon !== null && around.data ? (
          <GuideMap
            venue={{ name: venue.name, lat: venue.lat, lon: venue.lon }}
            places={places}
            tilesUrl={mapTilesUrl}
          />
        ) : null}
        {around.data ? <PlaceList places={places} categories={['transit', 'parking', 'food', 'sleep']} /> : null}
        {around.data ? <OsmAttribution /> : null}
      </GuideSection>
      <GuideSection id="tips" title="Tips from fans">
        <LazyTipsSection venueSlug={venueSlug} venueName={venue.name} />
      </GuideSection>
      <GuideSection id="the-city" title="The city">
        <CityGuide part={city} />
      </GuideSection>
    </div>
  );
}
