import { liveChildren, serve } from './apps';
import { budgetBench } from './budget.bench';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { conditions, log, median, round, runIds } from './common';
import { overheadBench } from './overhead.bench';
import { pdfBench } from './pdf.bench';
import { currentCommit, meta, writeReport, type Results } from './report';
import { retrievalBench } from './retrieval.bench';
import { scalingBench } from './scaling.bench';
import { cleanUp, createBenchDatabase } from './setup';
import { throughputBench } from './throughput.bench';

const ALL = ['overhead', 'throughput', 'scaling', 'retrieval', 'budget', 'pdf'] as const;
type Name = (typeof ALL)[number];

/** Whatever happens, the run ends: children are killed by pid and the process exits. */
const HARD_LIMIT_MS = 11 * 60_000;

function killChildren(): void {
  for (const c of liveChildren) {
    log(`killing child pid ${c.pid}`);
    c.kill('SIGKILL');
  }
}

/**
 * `npm run bench`: every benchmark (report.ts lists their targets) against real Redis and Postgres on loopback
 * (its own database and key prefix, removed at the end); prints a table and writes
 * bench/results/<date>.json and bench/results/latest.md.
 *   --only=overhead,throughput,scaling,retrieval,budget,pdf   a subset (results go to a temp dir, not bench/results)
 *   BENCH_CPU_PROF=<dir>   run the throughput server process under --cpu-prof
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === 'serve') return serve();
  const onlyArg = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const selected = (onlyArg ? onlyArg.split(',') : [...ALL]) as Name[];
  for (const s of selected) if (!ALL.includes(s)) throw new Error(`unknown benchmark ${s}; one of ${ALL.join(', ')}`);

  const ids = runIds();
  const watchdog = setTimeout(() => {
    log(`the run exceeded ${HARD_LIMIT_MS / 60_000} min: giving up`);
    killChildren();
    const force = setTimeout(() => process.exit(2), 15_000);
    force.unref();
    void cleanUp(ids).finally(() => process.exit(2));
  }, HARD_LIMIT_MS);
  watchdog.unref();

  let interrupted = false;
  const onSignal = (sig: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    log(`${sig}: stopping, cleaning up`);
    killChildren();
    void cleanUp(ids).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const commit = currentCommit();
  const started = new Date();
  const t0 = Date.now();
  const results: Results = {};
  const errors: Record<string, string> = {};
  log(`run ${ids.tag}: database ${ids.database}, key prefix ${ids.prefix}; benchmarks: ${selected.join(', ')}`);
  const before = await conditions();
  const loads: number[] = [before.loadavg_1m];
  const loadTimer = setInterval(() => loads.push(round(loadavg()[0], 2)), 5_000);
  loadTimer.unref();
  try {
    await createBenchDatabase(ids);
    for (const name of selected) {
      const t = Date.now();
      try {
        if (name === 'overhead') results.overhead = await overheadBench(ids);
        if (name === 'throughput')
          results.throughput = await throughputBench(ids, process.env.BENCH_CPU_PROF || undefined);
        if (name === 'scaling') results.scaling = await scalingBench(ids);
        if (name === 'retrieval') results.retrieval = await retrievalBench();
        if (name === 'budget') results.budget = await budgetBench(ids);
        if (name === 'pdf') results.pdf = await pdfBench(ids);
        log(`${name}: done in ${Math.round((Date.now() - t) / 1000)} s`);
      } catch (e) {
        errors[name] = (e as Error).stack ?? String(e);
        log(`${name} failed: ${errors[name]}`);
      }
    }
  } finally {
    clearInterval(loadTimer);
    killChildren();
    await cleanUp(ids);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const after = await conditions().catch(() => null);
  const disturbances: string[] = [];
  if (!after) disturbances.push('Redis or Postgres unreachable at the end of the run');
  else {
    if (after.redis_run_id !== before.redis_run_id) disturbances.push('Redis restarted during the run');
    if (after.postgres_started !== before.postgres_started) disturbances.push('Postgres restarted during the run');
  }
  for (const d of disturbances) log(`WARNING: ${d}: the figures are not valid`);
  const m = {
    ...meta(started, (Date.now() - t0) / 1000, commit),
    loadavg_1m: { min: Math.min(...loads), median: round(median(loads), 2), max: Math.max(...loads) },
    disturbances,
  };
  // a subset run (--only) never replaces the published results
  const partial = selected.length !== ALL.length;
  const files = writeReport(m, results, errors, partial ? join(tmpdir(), `duocthu-bench-${ids.tag}`) : undefined);
  log(`wrote ${files.json} and ${files.md}`);
  if (Object.keys(errors).length) process.exitCode = 1;
  clearTimeout(watchdog);
}

main().catch((e) => {
  log(`failed: ${(e as Error).stack}`);
  killChildren();
  process.exitCode = 1;
});
