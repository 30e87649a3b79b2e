/**
 * Per-user limits on the writes a signed-up stranger can make (issue 28): one place for the numbers,
 * so the server enforces them and the client can name them. Most writes have a burst rule and a
 * daily rule; over either, the answer is 429 with Retry-After. Counters live in the database
 * (attempt_counters), so they hold across server processes.
 */
export interface WriteLimitRule {
  windowSeconds: number;
  max: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const WRITE_LIMITS = {
  addShow: [
    { windowSeconds: MINUTE, max: 10 },
    { windowSeconds: DAY, max: 100 },
  ],
  showPhotoUpload: [
    { windowSeconds: MINUTE, max: 20 },
    { windowSeconds: DAY, max: 300 },
  ],
  accountImport: [
    { windowSeconds: HOUR, max: 10 },
    { windowSeconds: DAY, max: 30 },
  ],
  // Besides the spec's five tips per venue an hour (tips.service.ts): all venues together, a day.
  tipCreate: [{ windowSeconds: DAY, max: 30 }],
  historyImportStart: [
    { windowSeconds: HOUR, max: 10 },
    { windowSeconds: DAY, max: 30 },
  ],
  // A fan's Spotify export: an import holds at most 40 files, each upload is unpacked and counted.
  listeningImportCreate: [{ windowSeconds: HOUR, max: 20 }],
  listeningExportUpload: [
    { windowSeconds: HOUR, max: 60 },
    { windowSeconds: DAY, max: 200 },
  ],
  // A preview is parsed and matched at once (a setlist.fm walk, a whole CSV).
  historyImportPreview: [
    { windowSeconds: MINUTE, max: 10 },
    { windowSeconds: DAY, max: 200 },
  ],
  // A paste costs up to ten page fetches: a few a minute is a person, more is a crawler.
  tourScraperPreview: [
    { windowSeconds: MINUTE, max: 10 },
    { windowSeconds: DAY, max: 200 },
  ],
  tourScraperImport: [
    { windowSeconds: MINUTE, max: 20 },
    { windowSeconds: DAY, max: 100 },
  ],
  // Adding or removing a push device: a person does it a few times; each add is a row the worker pushes to.
  pushDevices: [
    { windowSeconds: MINUTE, max: 10 },
    { windowSeconds: DAY, max: 60 },
  ],
} as const satisfies Record<string, readonly WriteLimitRule[]>;

export type WriteLimitName = keyof typeof WRITE_LIMITS;

/** All of a fan's show photos together (stored, resized copies): beyond it an upload is refused. */
export const PHOTO_STORAGE_QUOTA_BYTES = 500 * 1024 * 1024;

export const PHOTO_QUOTA_MESSAGE =
  'Your photos use all the space a fan has (500 MB). Delete some photos to add new ones.';

/**
 * Guide stories written by the language model that one fan (or one visitor's address) may cause per
 * day, besides the server's monthly budget: past it, their guides keep the template story.
 */
export const LLM_STORIES_PER_REQUESTER_PER_DAY = { windowSeconds: DAY, max: 30 } as const;

/**
 * Tour pages without structured events that one fan may have the language model read per day
 * (tour-scraper previews), besides the monthly budget: past it, such pages say the reader is off.
 */
export const LLM_PAGE_READS_PER_USER_PER_DAY = { windowSeconds: DAY, max: 50 } as const;

/** Confirmation mails one account may be sent per hour, wherever the requests come from. */
export const VERIFICATION_MAILS_PER_ACCOUNT = { windowSeconds: HOUR, max: 5 } as const;
