import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { useState } from 'react';
import { codeFailed } from '#client/components/forms/form-feedback.ts';
import { SettingsCard } from '#client/components/settings-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { showToast } from '#client/components/ui/toaster.tsx';
import { authClient } from '#client/lib/auth-client.ts';
import { SIGNED_IN_ONLY } from '#client/lib/query-client.ts';
import { describeUserAgent } from '#shared/user-agent.ts';

export const sessionsQueryKey = ['account', 'sessions'] as const;

interface SessionRow {
  id: string;
  device: string;
  createdAt: Date;
  lastActiveAt: Date;
  current: boolean;
}

async function fetchSessions({ signal }: { signal: AbortSignal }): Promise<SessionRow[]> {
  const [list, current] = await Promise.all([
    authClient.listSessions({ fetchOptions: { signal } }),
    authClient.getSession({ fetchOptions: { signal } }),
  ]);
  if (list.error) throw new Error(list.error.message ?? 'Could not load your sessions.');
  const currentId = current.data?.session.id;
  return list.data
    .map((session) => ({
      id: session.id,
      device: describeUserAgent(session.userAgent),
      createdAt: new Date(session.createdAt),
      lastActiveAt: new Date(session.updatedAt),
      current: session.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.getTime() - a.lastActiveAt.getTime());
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where the account is signed in, with a way to end every session but this one. */
export const SessionsSection = () => {
  const queryClient = useQueryClient();
  const { data, isPending, isError, error } = useQuery({
    queryKey: sessionsQueryKey,
    queryFn: fetchSessions,
    meta: SIGNED_IN_ONLY,
  });
  const [revoking, setRevoking] = useState(false);
  const others = data?.filter((session) => !session.current).length ?? 0;

  const revokeOthers = async () => {
    setRevoking(true);
    try {
      const { error: revokeError } = await authClient.revokeOtherSessions();
      if (revokeError) showToast(codeFailed('Could Not Sign Out', revokeError));
      else showToast({ title: 'Signed out elsewhere', description: 'Every other session of your account has ended.' });
    } finally {
      setRevoking(false);
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    }
  };

  return (
    <SettingsCard title="Active sessions" description="Devices where your account is signed in.">
      {isPending ? (
        <Spinner label="Loading sessions..." align="start" className="py-2" />
      ) : isError ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
            {data.map((session) => (
              <li key={session.id} className="flex items-start gap-3 p-3">
                <Monitor className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden="true" />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium">
                    {session.device}
                    {session.current ? (
                      <span className="ml-2 rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <p className="text-muted">
                    Signed in {dateFormat.format(session.createdAt)} · last active{' '}
                    {dateFormat.format(session.lastActiveAt)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Button
            variant="outline"
            className="self-start"
            disabled={others === 0 || revoking}
            aria-busy={revoking}
            onClick={() => void revokeOthers()}
          >
            {revoking ? 'Signing out...' : 'Sign out other sessions'}
          </Button>
        </div>
      )}
    </SettingsCard>
  );
};
