import {
  SYNC_PLAN_TIER_LABELS,
  SYNC_PLAN_TIERS,
  type SyncPlanSource,
  type SyncPlanStatus,
} from '#shared/api-status.ts';
import { formatLongDate } from '#shared/dates.ts';

/** 'Sun, Nov 29, 4:00 AM' in the admin's own time zone. */
const moment = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function timeUntil(iso: string, now = Date.now()): string {
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  return `in ${hours} h`;
}

const count = (value: number) => value.toLocaleString('en-US');

/** 'Going 3 · Followed 40 · Long tail 10', only the tiers with artists. */
function tiersText(source: SyncPlanSource): string {
  const parts = SYNC_PLAN_TIERS.filter((tier) => source.planned[tier] > 0).map(
    (tier) => `${SYNC_PLAN_TIER_LABELS[tier]} ${count(source.planned[tier])}`,
  );
  return parts.length > 0 ? parts.join(' · ') : 'None';
}

function callsText(source: SyncPlanSource): string {
  if (!source.on) return '—';
  return source.quota === null
    ? `${count(source.usedToday)} (no daily quota kept)`
    : `${count(source.usedToday)} / ${count(source.quota)}`;
}

/** /admin/api-status: how the day's calls of each tour-date source are spent (ADR 0046). */
export const SyncPlanSection = ({ plan }: { plan: SyncPlanStatus }) => (
  <section aria-labelledby="sync-plan-heading" className="flex flex-col gap-3">
    <h2 id="sync-plan-heading" className="font-display text-xl font-bold">
      Tour-date sync plan
    </h2>
    <p className="text-sm text-muted">
      Each day the planner spends each source's daily quota where fans are: first artists fans are Going to see, then
      followed artists, then artists fans searched in the last 14 days; every other artist once a week. A fifth of each
      quota stays free for fans' own searches. Calls already made today count, and an artist done today is never asked
      again the same day.
    </p>
    <p className="text-sm">
      Plan for <span className="font-semibold">{formatLongDate(plan.day)}</span> (UTC day) · Next plan{' '}
      <time dateTime={plan.nextPlanAt} className="font-semibold">
        {moment.format(new Date(plan.nextPlanAt))}
      </time>{' '}
      · Next sync{' '}
      {plan.nextSyncAt ? (
        <time dateTime={plan.nextSyncAt} className="font-semibold">
          {timeUntil(plan.nextSyncAt)}
        </time>
      ) : (
        <span className="font-semibold">none waiting</span>
      )}
    </p>
    <ul className="grid gap-4 lg:grid-cols-3">
      {plan.sources.map((source) => (
        <li
          key={source.provider}
          className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5"
          data-testid={`sync-plan-${source.provider}`}
        >
          <h3 className="font-display text-lg font-bold">
            {source.label} ·{' '}
            <span className={source.on ? 'text-foreground' : 'text-muted'}>{source.on ? 'On' : 'Off'}</span>
          </h3>
          {source.on ? (
            <>
              <dl className="grid grid-cols-3 gap-3 text-sm">
                <PlanStat label="Calls today" value={callsText(source)} />
                <PlanStat label="Done" value={count(source.done)} />
                <PlanStat label="Left" value={count(source.left)} />
                <div className="col-span-3 flex flex-col">
                  <dt className="text-xs uppercase tracking-wider text-muted">Artists planned today</dt>
                  <dd className="font-semibold tabular-nums">{tiersText(source)}</dd>
                </div>
              </dl>
              {source.planBudget !== null ? (
                <p className="text-sm text-muted">
                  The plan may spend {count(source.planBudget)} calls; {count((source.quota ?? 0) - source.planBudget)}{' '}
                  stay free for fans' searches.
                </p>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-muted">No key on this server: this source is not asked.</p>
          )}
        </li>
      ))}
    </ul>
  </section>
);

const PlanStat = ({ label, value }: { label: string; value: string }) => (
  <div className="flex flex-col">
    <dt className="text-xs uppercase tracking-wider text-muted">{label}</dt>
    <dd className="font-semibold tabular-nums">{value}</dd>
  </div>
);
