import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The running job's abort signal, without threading it through every service: the queue runs each
 * handler inside it, and the provider clients add it to their own timeouts. It aborts when the server
 * stops and the job has not finished within the grace period, so a slow provider call ends at once.
 */
const jobSignal = new AsyncLocalStorage<AbortSignal>();

export function runWithJobSignal<T>(signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  return jobSignal.run(signal, run);
}

/** The signal of the job this code runs for; undefined in a request. */
export function currentJobSignal(): AbortSignal | undefined {
  return jobSignal.getStore();
}

/** `signal` and the current job's signal, whichever aborts first. */
export function withJobSignal(signal: AbortSignal | undefined): AbortSignal | undefined {
  const job = currentJobSignal();
  if (!job) return signal;
  return signal ? AbortSignal.any([signal, job]) : job;
}
