import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest, apiSend } from '#client/lib/api-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import type { PushDevicesResponse, PushDeviceView, PushKeyResponse } from '#shared/push.ts';

export const pushKeys = {
  all: ['push'] as const,
  devices: () => ['push', 'devices'] as const,
};

/** GET /api/push/devices: the fan's devices getting alerts. */
export function pushDevicesQueryOptions() {
  return queryOptions({
    queryKey: pushKeys.devices(),
    queryFn: ({ signal }) => apiGet<PushDevicesResponse>('/api/push/devices', { signal }),
    meta: SIGNED_IN_ONLY,
  });
}

/** GET /api/push/key: the server's VAPID public key. */
export const fetchPushKey = () => apiGet<PushKeyResponse>('/api/push/key');

/** POST /api/push/devices: this browser's PushSubscription.toJSON(). */
export const addPushDevice = (subscription: PushSubscriptionJSON) =>
  apiSend<{ device: PushDeviceView }>('POST', '/api/push/devices', subscription);

/** DELETE /api/push/devices/:id */
export async function removePushDevice(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/push/devices/${encodeURIComponent(id)}`);
}
