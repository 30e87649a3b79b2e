/**
 * Messages the page posts to the service worker. Shared by both sides so the shapes cannot drift.
 * The service worker keeps no state in memory that it cannot rebuild: it may be stopped at any time.
 */
export type PageToWorkerMessage =
  /** The signed-in user whose own API reads may be kept offline (other users' caches are dropped). */
  | { type: 'set-user'; userId: string }
  /** Drop every cached response of the previous user. */
  | { type: 'signed-out' }
  /** Activate the waiting (new) version now; the page reloads when it takes control. */
  | { type: 'SKIP_WAITING' };

/** A user id becomes part of a cache name, so only plain id characters are accepted. */
const USER_ID_PATTERN = /^[\w-]{1,128}$/;

export function isValidUserId(userId: unknown): userId is string {
  return typeof userId === 'string' && USER_ID_PATTERN.test(userId);
}

export function parsePageMessage(data: unknown): PageToWorkerMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; userId?: unknown };
  if (message.type === 'signed-out' || message.type === 'SKIP_WAITING') return { type: message.type };
  if (message.type === 'set-user' && isValidUserId(message.userId)) {
    return { type: 'set-user', userId: message.userId };
  }
  return null;
}
