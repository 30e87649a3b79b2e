import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SettingsCard } from '#client/components/settings-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { formatShortDate } from '#shared/dates.ts';
import type { PushDeviceView } from '#shared/push.ts';
import { pushDevicesQueryOptions, pushKeys } from '../api/push-api.ts';
import {
  type PushSupport,
  pushSupport,
  rememberedDeviceId,
  removeDevice,
  subscribeThisDevice,
} from '../this-device.ts';

export const DEVICES_TEXTS = {
  title: 'Devices',
  description: 'Alerts on your phone or computer, even when TourGuides is closed. Choose which alerts above.',
  subscribe: 'Get alerts on this device',
  subscribing: 'Turning on...',
  thisDeviceOn: 'This device gets alerts.',
  unsupported:
    'This browser cannot get alerts. On an iPhone or iPad, add TourGuides to your Home Screen first and open it from there.',
  denied:
    'Notifications are blocked for this site in this browser. Allow them in the browser’s site settings to get alerts here.',
  empty: 'No devices get alerts yet.',
  loadError: 'Your devices could not be loaded.',
  subscribedTitle: 'Alerts are on',
  subscribedDescription: 'This device will get your alerts.',
  removedTitle: 'Device removed',
  removedDescription: (label: string) => `${label} no longer gets alerts.`,
  failedTitle: 'Could not turn on alerts',
  removeFailedTitle: 'Could not remove the device',
} as const;

const DeviceRow = ({
  device,
  current,
  onRemove,
  removing,
}: {
  device: PushDeviceView;
  current: boolean;
  onRemove: () => void;
  removing: boolean;
}) => (
  <li className="flex flex-wrap items-center justify-between gap-3 border-t border-border py-3 first:border-t-0 first:pt-0">
    <div className="flex min-w-0 items-center gap-3">
      <Smartphone aria-hidden className="size-5 shrink-0 text-muted" />
      <div className="min-w-0">
        <p className="font-semibold break-words">
          {device.label}
          {current ? <span className="ml-2 text-sm font-normal text-primary">This device</span> : null}
        </p>
        <p className="text-sm text-muted">Added {formatShortDate(device.createdAt.slice(0, 10))}</p>
      </div>
    </div>
    <Button
      variant="outline"
      size="sm"
      onClick={onRemove}
      disabled={removing}
      aria-busy={removing}
      aria-label={`Remove ${device.label}${current ? ' (this device)' : ''}`}
    >
      {removing ? 'Removing...' : 'Remove'}
    </Button>
  </li>
);

/** Settings' Devices card: subscribe this browser (only on a tap), see every device, remove any. */
export const DevicesSection = () => {
  const queryClient = useQueryClient();
  const devices = useQuery(pushDevicesQueryOptions());
  // Read after mount: the permission and the remembered id live in this browser only.
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [currentId, setCurrentId] = useState<string | null>(null);
  useEffect(() => {
    setSupport(pushSupport());
    setCurrentId(rememberedDeviceId());
  }, []);

  const subscribe = useMutation({
    mutationFn: subscribeThisDevice,
    onSuccess: async (id) => {
      setCurrentId(id);
      showToast({ title: DEVICES_TEXTS.subscribedTitle, description: DEVICES_TEXTS.subscribedDescription });
      await queryClient.invalidateQueries({ queryKey: pushKeys.devices() });
    },
    onError: (error) => {
      setSupport(pushSupport());
      showToast({ title: DEVICES_TEXTS.failedTitle, description: (error as Error).message, variant: 'destructive' });
    },
  });
  const remove = useMutation({
    mutationFn: (device: PushDeviceView) => removeDevice(device.id),
    onSuccess: async (_, device) => {
      if (device.id === currentId) setCurrentId(null);
      showToast({ title: DEVICES_TEXTS.removedTitle, description: DEVICES_TEXTS.removedDescription(device.label) });
      await queryClient.invalidateQueries({ queryKey: pushKeys.devices() });
    },
    onError: (error) => {
      showToast({
        title: DEVICES_TEXTS.removeFailedTitle,
        description: (error as Error).message,
        variant: 'destructive',
      });
    },
  });

  const list = devices.data?.devices ?? [];
  const thisDeviceListed = currentId !== null && list.some((device) => device.id === currentId);

  return (
    <SettingsCard title={DEVICES_TEXTS.title} description={DEVICES_TEXTS.description}>
      <div className="flex flex-col gap-5">
        <div role="status" className="text-sm">
          {support === 'unsupported' ? <p className="text-muted">{DEVICES_TEXTS.unsupported}</p> : null}
          {support === 'denied' ? <p className="text-muted">{DEVICES_TEXTS.denied}</p> : null}
          {support === 'supported' && thisDeviceListed ? (
            <p className="flex items-center gap-2">
              <BellRing aria-hidden className="size-4 text-primary" />
              {DEVICES_TEXTS.thisDeviceOn}
            </p>
          ) : null}
        </div>
        {support === 'supported' && !thisDeviceListed && devices.isSuccess ? (
          <Button
            className="self-start"
            onClick={() => subscribe.mutate()}
            disabled={subscribe.isPending}
            aria-busy={subscribe.isPending}
          >
            <BellRing aria-hidden className="size-4" />
            {subscribe.isPending ? DEVICES_TEXTS.subscribing : DEVICES_TEXTS.subscribe}
          </Button>
        ) : null}
        {devices.isPending ? (
          <Spinner label="Loading..." align="start" className="py-2" />
        ) : devices.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 text-sm text-muted">
            <p>
              {DEVICES_TEXTS.loadError} {devices.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => void devices.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted">{DEVICES_TEXTS.empty}</p>
        ) : (
          <ul aria-label="Devices getting alerts" className="flex flex-col">
            {list.map((device) => (
              <DeviceRow
                key={device.id}
                device={device}
                current={device.id === currentId}
                removing={remove.isPending && remove.variables?.id === device.id}
                onRemove={() => remove.mutate(device)}
              />
            ))}
          </ul>
        )}
      </div>
    </SettingsCard>
  );
};
