import { tooManyAttempts } from './rate-limit.ts';

/** How long a client refused a stream waits before trying again. */
export const STREAM_RETRY_SECONDS = 30;

/**
 * Open event streams per client (an address, or an IPv6 /64): anonymous streams cost a connection and
 * memory each, so one client holds at most `max` in this process. Streams live in one process, so the
 * count does too. `take` throws the 429; call the returned release when the stream ends.
 */
export function createStreamSlots(max: number) {
  const open = new Map<string, number>();
  return {
    take(client: string): () => void {
      const count = open.get(client) ?? 0;
      if (count >= max) throw tooManyAttempts(STREAM_RETRY_SECONDS);
      open.set(client, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(client) ?? 1) - 1;
        if (left > 0) open.set(client, left);
        else open.delete(client);
      };
    },
  };
}
