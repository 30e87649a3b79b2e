import { normalizeIP } from '@better-auth/core/utils/ip';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The header through which we hand Better Auth the client address. We always overwrite it, so a
 * client cannot choose its own rate-limit bucket.
 */
export const CLIENT_IP_HEADER = 'x-tourguides-client-ip';

/**
 * The socket address; behind a trusted proxy (TRUST_PROXY=1) the last X-Forwarded-For entry, which
 * is the one our proxy appended (entries further left are whatever the client sent).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  return socketAddress(c);
}

/**
 * Who a limit counts: an IPv4 address, or an IPv6 /64 (one subscriber is usually given a whole /64,
 * so counting single addresses would give them billions of buckets). Better Auth keys its own
 * limiter the same way.
 */
export function clientGroup(address: string): string {
  return normalizeIP(address, { ipv6Subnet: 64 });
}

/** The client's limit bucket for our own limits (rate-limit.ts callers). */
export function clientKey(c: Context, trustProxy: boolean): string {
  return clientGroup(clientIp(c, trustProxy));
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Requests built in-process (app.request in unit tests) have no socket.
    return 'unknown';
  }
}
