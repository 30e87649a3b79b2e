/** /admin/image-testing: an artist's image, where it came from, and each source tried side by side. */

export const imageSources = ['wikidata', 'generated'] as const;
export type ImageSource = (typeof imageSources)[number];
export const imageSourceLabels: Record<ImageSource | 'upload', string> = {
  wikidata: 'Wikidata photo',
  generated: 'Generated artwork',
  upload: 'Upload',
};

export const ARTIST_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export interface ImageVariantView {
  /** null: the original. */
  width: number | null;
  url: string;
  bytes: number | null;
}

export interface ImageCandidateView {
  source: ImageSource | 'upload';
  imageUrl: string;
  attribution: string | null;
  width: number | null;
  height: number | null;
  bytes: number | null;
  format: string | null;
  variants: ImageVariantView[];
}

export interface CurrentImageView extends ImageCandidateView {
  createdAt: string;
}

export interface ImageTestingArtist {
  name: string;
  slug: string;
  mbid: string | null;
  current: CurrentImageView | null;
}

export interface SourceRunView {
  source: ImageSource;
  candidate: ImageCandidateView | null;
  /** Why the source found nothing (no MBID, no Wikidata photo, provider unreachable). */
  message: string | null;
  ms: number;
}

export const imageTestingMessages = {
  notAnImage: 'That file is not an image we can read (JPEG, PNG, WebP, GIF, AVIF).',
  tooLarge: 'The image is larger than 10 MB.',
  unknownUrl: 'Only an image a source produced here can be used.',
  noMbid: 'The artist has no MusicBrainz ID: Wikidata cannot be asked.',
  noPhoto: 'MusicBrainz and Wikidata have no photo of this artist.',
} as const;
