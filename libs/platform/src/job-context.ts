import { AsyncLocalStorage } from 'node:async_hooks';
import { hostname } from 'node:os';

/** This process among its replicas: the host (a pod's name in Kubernetes) and the pid. */
export const REPLICA = `${hostname()}:${process.pid}`;

/** What every log line written while a job runs carries, so one grep follows a turn across processes. */
export interface JobFields {
  turn_id: string | null;
  queue: string;
  op: string;
  job_id: string | null;
  replica: string;
}

const current = new AsyncLocalStorage<JobFields>();

/** Runs one job inside its logging context (the logger's mixin reads it). */
export function runInJobContext<T>(fields: JobFields, fn: () => T): T {
  return current.run(fields, fn);
}

/**
 * The running job's fields, or nothing outside a job: a copy each time (pino merges a log
 * call's own fields into what its mixin returns).
 */
export function jobFields(): JobFields | Record<string, never> {
  const fields = current.getStore();
  return fields ? { ...fields } : {};
}
