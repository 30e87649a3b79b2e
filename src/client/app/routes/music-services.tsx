import { SpotifyExportSection } from '#client/features/listening-import/components/spotify-export-section.tsx';
import { MusicServicesPage } from '#client/features/music-services/components/music-services-page.tsx';

/** /music-services: the services' previews with the Spotify data export upload among them. */
export const MusicServicesRoute = () => <MusicServicesPage spotifyExport={<SpotifyExportSection />} />;
