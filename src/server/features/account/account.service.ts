import QRCode from 'qrcode';
import { verifyPassword } from '#server/auth/password-hash.ts';
import { hasRole } from '#server/auth/roles.ts';
import type { Database } from '#server/db/client.ts';
import { findPlace } from '#server/features/places/places.service.ts';
import type { Actor } from '#server/lib/actor.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthSession } from '#server/lib/context.ts';
import type { DeleteAccountRequest, MeUser, ProfileUpdate } from '#shared/auth.ts';
import { placesMessages } from '#shared/places.ts';
import * as repo from './account.repo.ts';
import { exportShows } from './show-portability.service.ts';

/** A session younger than this may delete the account without typing the password again. */
const FRESH_SESSION_MS = 10 * 60 * 1000;

export async function describeUser(database: Database, userId: string): Promise<MeUser | null> {
  const user = await repo.findProfile(database, userId);
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    fullName: user.fullName,
    homeCity: user.homeCity,
    homePlaceId: user.homePlaceId,
    homeRegion: user.homeRegion,
    homeCountry: user.homeCountry,
    homeTimeZone: user.homeTimeZone,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled,
    isAdmin: await hasRole(database, user.id, 'admin'),
  };
}

export async function updateProfile(database: Database, userId: string, input: ProfileUpdate): Promise<MeUser> {
  const home = input.homePlaceId === undefined ? undefined : await homeOf(input.homePlaceId);
  await repo.updateProfile(database, userId, input.fullName, home);
  const user = await describeUser(database, userId);
  if (!user) throw new AppError('NOT_FOUND', 'Account not found');
  return user;
}

/** Home columns from the gazetteer's own record of the place: nothing of it comes from the client. */
async function homeOf(placeId: string | null): Promise<repo.HomeColumns> {
  if (placeId === null) return repo.NO_HOME;
  const place = await findPlace(placeId);
  if (!place) {
    throw new AppError('BAD_REQUEST', placesMessages.unknownPlace, {
      issues: [{ path: 'homePlaceId', message: placesMessages.unknownPlace }],
    });
  }
  return {
    homePlaceId: place.id,
    homeCity: place.name,
    homeRegion: place.region,
    homeCountry: place.country,
    homeLat: place.lat,
    homeLon: place.lon,
    homeTimeZone: place.timeZone,
  };
}

/** Everything we store about the user, without secrets (tokens, hashes, 2FA secret). */
export async function exportAccount(database: Database, userId: string) {
  const profile = await describeUser(database, userId);
  if (!profile) throw new AppError('NOT_FOUND', 'Account not found');
  const stored = await repo.findProfile(database, userId);
  const other: Record<string, unknown[]> = {};
  for (const table of Object.keys(repo.EXPORTED_COLUMNS)) {
    other[table] = await repo.findRowsOfUser(database, table, userId);
  }
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      ...profile,
      homeLat: stored?.homeLat ?? null,
      homeLon: stored?.homeLon ?? null,
      createdAt: stored?.createdAt,
    },
    roles: await repo.findRoles(database, userId),
    signInMethods: await repo.findSignInMethods(database, userId),
    sessions: await repo.findSessions(database, userId),
    ...other,
    // With each stop's identity (artist, venue, place, date), so the import can restore them anywhere.
    shows: await exportShows(database, userId),
  };
}

/** Typed confirmation plus proof of presence: the password, or a session signed in minutes ago. */
export async function deleteAccount(
  database: Database,
  request: { actor: Actor; session: AuthSession },
  input: DeleteAccountRequest,
): Promise<void> {
  await confirmPresence(database, request, input.password);
  await repo.deleteUser(database, request.actor.userId, request.actor.email);
}

async function confirmPresence(
  database: Database,
  { actor, session }: { actor: Actor; session: AuthSession },
  password: string | undefined,
): Promise<void> {
  const hash = await repo.findPasswordHash(database, actor.userId);
  if (password && hash) {
    if (await verifyPassword({ hash, password })) return;
    throw new AppError('FORBIDDEN', 'The password is not correct.');
  }
  const sessionAge = Date.now() - new Date(session.createdAt).getTime();
  if (sessionAge <= FRESH_SESSION_MS) return;
  throw new AppError(
    'FORBIDDEN',
    hash ? 'Enter your password to delete your account.' : 'Sign in again to delete your account.',
  );
}

/** The enrolment QR code, rendered on the server so the client needs no QR library. */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
