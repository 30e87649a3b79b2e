import fs from 'node:fs';
import os from 'node:os';
import type { Database } from '#server/db/client.ts';

/**
 * CPU time spent serving, in milliseconds: this process (server, and PGlite inside it) plus the
 * PostgreSQL backends of the bench database when the server runs on this machine. Unlike latency,
 * CPU per request hardly moves when other programs compete for the cores, so it tells what the
 * endpoint costs even on a busy machine.
 */
export interface CpuSnapshot {
  processMs: number;
  /** CPU ms per PostgreSQL backend pid; null when /proc cannot tell (another host, not Linux). */
  backendsMs: Map<number, number> | null;
}

/** Linux reports utime/stime in clock ticks; 100 per second on every mainstream kernel config. */
const CLOCK_TICKS_PER_SECOND = 100;

function procCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the ')' that closes the command name: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

async function backendCpuMs(database: Database): Promise<Map<number, number> | null> {
  const backends = new Map<number, number>();
  if (database.kind !== 'postgres') return backends;
  const { rows } = await database.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  for (const { pid } of rows) {
    const ms = procCpuMs(pid);
    if (ms === null) return null;
    backends.set(pid, ms);
  }
  return backends;
}

export async function cpuSnapshot(database: Database): Promise<CpuSnapshot> {
  const usage = process.cpuUsage();
  return { processMs: (usage.user + usage.system) / 1000, backendsMs: await backendCpuMs(database) };
}

/**
 * CPU milliseconds per request between two snapshots, server process and database together.
 * Backends opened meanwhile count from zero; one closed meanwhile is lost, so this errs low.
 */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): number | null {
  if (requests === 0 || before.backendsMs === null || after.backendsMs === null) return null;
  let databaseMs = 0;
  for (const [pid, ms] of after.backendsMs) databaseMs += ms - (before.backendsMs.get(pid) ?? 0);
  return (after.processMs - before.processMs + databaseMs) / requests;
}

/** Other processes on the machine skew the figures: the load average shows how much. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
