import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import type { BudgetResult } from './budget.bench';
import { round } from './common';
import type { OverheadResult } from './overhead.bench';
import { CONVERT_TARGET_S, RSS_TARGET_MB, type PdfResult } from './pdf.bench';
import type { RetrievalResult } from './retrieval.bench';
import type { ScalingResult } from './scaling.bench';
import { P99_SLO_MS, type ThroughputResult } from './throughput.bench';

export interface Results {
  overhead?: OverheadResult;
  throughput?: ThroughputResult;
  scaling?: ScalingResult;
  retrieval?: RetrievalResult;
  budget?: BudgetResult;
  pdf?: PdfResult;
}

export interface Target {
  benchmark: string;
  target: string;
  measured: string;
  pass: boolean | null;
}

const fmt = (x: number | undefined, d = 2) => (x === undefined || !Number.isFinite(x) ? '—' : String(round(x, d)));

/** Every benchmark target with its measured value; null = not measured in this run. */
export function targets(r: Results, errors: Record<string, string>): Target[] {
  const out: Target[] = [];
  const missing = (benchmark: string, target: string, key: string) =>
    out.push({
      benchmark,
      target,
      measured: errors[key] ? `error: ${errors[key].split('\n')[0]}` : 'not run',
      pass: null,
    });

  if (r.overhead) {
    const o = r.overhead;
    out.push({
      benchmark: 'orchestration overhead',
      target: 'queue / in-process p50 ≤ 1.25',
      measured: `${fmt(o.ratio_p50, 3)} (${fmt(o.queue.p50)} vs ${fmt(o.inproc.p50)} ms)`,
      pass: o.ratio_p50 <= 1.25,
    });
    out.push({
      benchmark: 'orchestration overhead',
      target: 'added ms per turn at p50 ≤ 10',
      measured: `${fmt(o.added_ms_p50)} ms (${fmt(o.added_ms_per_hop_p50, 2)} ms/hop × ${fmt(o.hops_per_turn_queue, 2)} hops)`,
      pass: o.added_ms_p50 <= 10,
    });
  } else {
    missing('orchestration overhead', 'queue / in-process p50 ≤ 1.25; ≤ 10 ms added at p50', 'overhead');
  }

  if (r.throughput) {
    const b = r.throughput.best_within_slo;
    const top = [...r.throughput.levels].sort((x, y) => y.turns_per_s - x.turns_per_s)[0];
    out.push({
      benchmark: 'throughput (all-in-one, HTTP)',
      target: `≥ 150 turns/s with p99 ≤ ${P99_SLO_MS} ms`,
      measured: b
        ? `${fmt(b.turns_per_s, 1)} turns/s at c=${b.concurrency} (p99 ${fmt(b.p99_ms, 0)} ms); peak ${fmt(top.turns_per_s, 1)} at c=${top.concurrency}`
        : `no level within the SLO; peak ${fmt(top.turns_per_s, 1)} turns/s at c=${top.concurrency}`,
      pass: b !== null && b.turns_per_s >= 150,
    });
  } else missing('throughput (all-in-one, HTTP)', `≥ 150 turns/s with p99 ≤ ${P99_SLO_MS} ms`, 'throughput');

  if (r.scaling) {
    const s = r.scaling;
    out.push({
      benchmark: 'worker scaling (generation)',
      target: '2 processes / 1 process ≥ 1.8×',
      measured: `${fmt(s.ratio, 2)}× (${fmt(s.two_processes_jobs_per_s, 1)} vs ${fmt(s.one_process_jobs_per_s, 1)} jobs/s)`,
      pass: s.ratio >= 1.8,
    });
  } else missing('worker scaling (generation)', '2 processes / 1 process ≥ 1.8×', 'scaling');

  if (r.retrieval) {
    for (const c of r.retrieval.corpora) {
      const limit = c.corpus === 'sample' ? 2 : c.corpus === 'synthetic-50k' ? 20 : null;
      if (limit === null) continue;
      const label = c.corpus === 'sample' ? 'sample' : '50k parts';
      const rows: [string, number][] = [
        ['retrieve_framed', c.ops.retrieve_framed.p50],
        ['retrieve_by_indication', c.ops.retrieve_by_indication.p50],
        ['resolver (resolve, findMentions)', Math.max(c.ops.resolver_resolve.p50, c.ops.resolver_find_mentions.p50)],
      ];
      for (const [op, p50] of rows)
        out.push({
          benchmark: `retrieval (${label}, ${c.parts} parts)`,
          target: `${op} p50 ≤ ${limit} ms`,
          measured: `${fmt(p50, 3)} ms`,
          pass: p50 <= limit,
        });
    }
  } else missing('retrieval', 'p50 ≤ 2 ms sample, ≤ 20 ms at 50k parts', 'retrieval');

  if (r.budget) {
    const sc = r.budget.scenarios;
    const worst = sc.reduce((a, s) => (s.worst_ratio_to_bound > a.worst_ratio_to_bound ? s : a), sc[0]);
    out.push({
      benchmark: 'budget precision',
      target: `turn → reply ≤ MAX_WALL_CLOCK_MS + 1 read timeout (${worst.bound_ms} ms)`,
      measured: `worst ${fmt(worst.worst_ms, 0)} ms = ${fmt(worst.worst_ratio_to_bound, 3)} of the bound (${worst.scenario})`,
      pass: sc.every((s) => s.within_bound),
    });
    out.push({
      benchmark: 'budget precision',
      target: 'provider calls per turn ≤ cap',
      measured: sc.map((s) => `${s.scenario}: ${s.max_calls}/${s.call_cap}`).join('; '),
      pass: sc.every((s) => s.within_cap),
    });
  } else missing('budget precision', '≤ MAX_WALL_CLOCK_MS + one read timeout; calls ≤ cap', 'budget');

  if (r.pdf) {
    const p = r.pdf;
    const label = `PDF ingest (${p.pages} pages, ${p.monographs} monographs)`;
    out.push({
      benchmark: label,
      target: 'a book of ≥ 1,500 pages and ≥ 700 monographs',
      measured: `${p.pages} pages, ${p.monographs} monographs`,
      pass: p.pages >= 1500 && p.monographs >= 700,
    });
    out.push({
      benchmark: label,
      target: `conversion ≤ ${CONVERT_TARGET_S} s`,
      measured: `${fmt(p.convert_s, 1)} s`,
      pass: p.convert_s <= CONVERT_TARGET_S,
    });
    out.push({
      benchmark: label,
      target: `peak RSS ≤ ${RSS_TARGET_MB} MB`,
      measured: `${p.peak_rss_mb} MB`,
      pass: p.peak_rss_mb > 0 && p.peak_rss_mb <= RSS_TARGET_MB,
    });
    out.push({
      benchmark: label,
      target: 'loads; retrieve_framed p50 ≤ 20 ms (the large-corpus target)',
      measured: `${p.written} monographs, ${p.parts} parts loaded in ${fmt(p.load_s, 1)} s; p50 ${fmt(p.retrieval.ops.retrieve_framed.p50, 3)} ms`,
      pass: p.written === p.monographs && p.retrieval.ops.retrieve_framed.p50 <= 20,
    });
  } else missing('PDF ingest', `≥ 1,500 pages in ≤ ${CONVERT_TARGET_S} s, ≤ ${RSS_TARGET_MB} MB`, 'pdf');
  return out;
}

const verdict = (p: boolean | null) => (p === null ? 'n/a' : p ? 'PASS' : 'MISS');

function mdTable(head: string[], rows: (string | number)[][]): string {
  const esc = (c: string | number) => String(c).replace(/\|/g, '\\|');
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

/** Plain-text table for stdout. */
function textTable(head: string[], rows: (string | number)[][]): string {
  const all = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...all.map((r) => [...String(r[i])].length)));
  const line = (r: (string | number)[]) =>
    r.map((c, i) => String(c) + ' '.repeat(widths[i] - [...String(c)].length)).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

interface Section {
  title: string;
  head: string[];
  rows: (string | number)[][];
  note?: string;
}

function sections(r: Results): Section[] {
  const out: Section[] = [];
  if (r.overhead) {
    const o = r.overhead;
    out.push({
      title: `Orchestration overhead (stub providers, one turn at a time, ${o.reps} interleaved reps × ${o.turns_per_rep.queue} turns)`,
      head: ['mode', 'p50 ms', 'p95 ms', 'p99 ms', 'hops/turn'],
      rows: [
        [
          'agent + in-process hop twin',
          fmt(o.inproc.p50),
          fmt(o.inproc.p95),
          fmt(o.inproc.p99),
          fmt(o.worker_hops_per_turn, 2),
        ],
        [
          'full queue pipeline (turns + worker queues)',
          fmt(o.queue.p50),
          fmt(o.queue.p95),
          fmt(o.queue.p99),
          fmt(o.hops_per_turn_queue, 2),
        ],
        ['ratio (queue / in-process)', fmt(o.ratio_p50, 3), fmt(o.ratio_p95, 3), fmt(o.ratio_p99, 3), ''],
        [
          'added ms per turn / per hop (p50)',
          `${fmt(o.added_ms_p50)} / ${fmt(o.added_ms_per_hop_p50)}`,
          `${fmt(o.added_ms_p95)} (p95)`,
          '',
          '',
        ],
      ],
      note: `Per rep p50 ratio: ${o.per_rep.map((p) => p.ratio_p50).join(', ')}. Time waiting on worker hops per turn (trace, mean): ${fmt(o.worker_hop_ms_per_turn.inproc, 1)} ms in-process, ${fmt(o.worker_hop_ms_per_turn.queue, 1)} ms queued. Redis commands / Postgres queries per turn: ${o.io_per_turn.inproc.redis} / ${o.io_per_turn.inproc.pg} in-process, ${o.io_per_turn.queue.redis} / ${o.io_per_turn.queue.pg} queued. Per queue (BullMQ job timestamps, mean ms): ${o.job_stages.map((x) => `${x.queue} wait ${x.wait_ms_mean} + run ${x.run_ms_mean}`).join(', ')}. Same decisions in both modes: ${o.same_outcomes ? 'yes' : 'NO'}.`,
    });
    out.push({
      title: 'One hop alone (sequential round trips, ms)',
      head: ['op', 'payload kB', 'in-process p50', 'queue p50', 'queue p99', 'queue: CPU ms per hop (this process)'],
      rows: o.single_hop.map((h) => [
        h.op,
        h.payload_kb,
        fmt(h.inproc_p50, 3),
        fmt(h.queue_p50, 3),
        fmt(h.queue_p99, 3),
        fmt(h.queue_cpu_ms_per_hop, 3),
      ]),
      note: 'CPU per hop = process.cpuUsage() over the sequential loop ÷ hops: producer, worker and QueueEvents share this process, so it is what one BullMQ hop costs a Node process here, before any work.',
    });
  }
  if (r.throughput) {
    out.push({
      title: `Throughput through the gateway (closed loop, keep-alive, ${r.throughput.reps} reps × ${r.throughput.window_ms / 1000} s per level, medians)`,
      head: [
        'concurrency',
        'turns/s',
        'p50 ms',
        'p99 ms',
        'ok',
        'errors',
        'turns/s per rep',
        'server CPU (cores)',
        'server CPU ms / turn',
        'Redis CPU ms / turn',
        'machine busy',
      ],
      rows: r.throughput.levels.map((l) => [
        l.concurrency,
        fmt(l.turns_per_s, 1),
        fmt(l.p50_ms, 0),
        fmt(l.p99_ms, 0),
        l.ok,
        l.errors ? `${l.errors} ${JSON.stringify(l.error_statuses)}` : 0,
        l.per_rep_turns_per_s.join(', '),
        fmt(l.server_cores, 2),
        fmt((l.server_cores * 1000) / l.turns_per_s, 1),
        fmt(l.redis_ms_per_turn, 2),
        `${fmt(l.machine_busy * 100, 0)}%`,
      ]),
      note: "Server CPU = the all-in-one process (1.0 = one core busy); Redis CPU = the Redis server’s own CPU (INFO cpu) during the level ÷ turns; machine busy = all of the machine's cores (Postgres, Redis, the load generator and anything else running).",
    });
  }
  if (r.scaling) {
    const s = r.scaling;
    out.push({
      title: `Worker scaling (generation-worker processes, fake Bedrock ${s.provider_latency_ms} ms, WORKER_CONCURRENCY=${s.worker_concurrency}, ${s.driver_concurrency} callers, ${s.window_ms / 1000} s windows)`,
      head: ['processes', 'jobs/s (median)', 'ideal', 'per rep'],
      rows: [
        [1, fmt(s.one_process_jobs_per_s, 1), s.ideal_jobs_per_s.one, s.per_rep.map((p) => p.one).join(', ')],
        [2, fmt(s.two_processes_jobs_per_s, 1), s.ideal_jobs_per_s.two, s.per_rep.map((p) => p.two).join(', ')],
        ['ratio', `${fmt(s.ratio, 3)}×`, '2×', s.per_rep.map((p) => p.ratio).join(', ')],
      ],
      note: s.failures ? `${s.failures} hops failed.` : undefined,
    });
  }
  if (r.retrieval) {
    out.push({
      title: `Retrieval latency (p50 / p99 ms, median of ${r.retrieval.reps} reps)`,
      head: [
        'corpus',
        'parts',
        'retrieve_framed',
        'retrieve_by_indication',
        'indication keyword',
        'resolve',
        'findMentions',
        'index build ms',
        'heap MB (corpus + index)',
        'vectors MB',
      ],
      rows: r.retrieval.corpora.map((c) => [
        c.corpus,
        c.parts,
        `${fmt(c.ops.retrieve_framed.p50, 3)} / ${fmt(c.ops.retrieve_framed.p99, 3)}`,
        `${fmt(c.ops.retrieve_by_indication.p50, 3)} / ${fmt(c.ops.retrieve_by_indication.p99, 3)}`,
        `${fmt(c.ops.indication_keyword.p50, 3)} / ${fmt(c.ops.indication_keyword.p99, 3)}`,
        `${fmt(c.ops.resolver_resolve.p50, 3)} / ${fmt(c.ops.resolver_resolve.p99, 3)}`,
        `${fmt(c.ops.resolver_find_mentions.p50, 3)} / ${fmt(c.ops.resolver_find_mentions.p99, 3)}`,
        fmt(c.index_build_ms, 0),
        `${fmt(c.heap_corpus_mb, 1)} + ${fmt(c.heap_index_mb, 1)}`,
        fmt(c.vectors_mb, 1),
      ]),
      note: 'Index build = new CorpusIndex(corpus, vectors) (what a worker does on load; hash embedding is ingest-time and reported in the JSON). Heap = heapUsed delta after a full GC.',
    });
  }
  if (r.budget) {
    out.push({
      title: `Budget precision (MAX_WALL_CLOCK_MS=${r.budget.settings.MAX_WALL_CLOCK_MS}, BEDROCK_READ_TIMEOUT_MS=${r.budget.settings.BEDROCK_READ_TIMEOUT_MS}, BEDROCK_MAX_ATTEMPTS=1, ${r.budget.settings.reps} turns each)`,
      head: ['scenario', 'turn → reply ms', 'bound ms', 'worst / bound', 'calls (cap)', 'outcome'],
      rows: r.budget.scenarios.map((s) => [
        `${s.scenario}: ${s.description}`,
        s.turns.map((t) => t.ms).join(', '),
        s.bound_ms,
        fmt(s.worst_ratio_to_bound, 3),
        `${s.turns.map((t) => t.calls).join(', ')} (${s.call_cap})`,
        [...new Set(s.turns.map((t) => t.outcome))].join(', '),
      ]),
    });
  }
  if (r.pdf) {
    const p = r.pdf;
    out.push({
      title: `PDF ingest at scale (synthetic book typeset by apps/pdf-book, converted by the CLI in its own process)`,
      head: [
        'pages',
        'convert s',
        'peak RSS MB',
        'parts',
        'tables conv. / quar.',
        'exact parts',
        'dosing tags',
        'tables right',
        'load s',
        'retrieve_framed p50 / p99 ms',
      ],
      rows: [
        [
          p.pages,
          fmt(p.convert_s, 1),
          p.peak_rss_mb,
          p.parts,
          `${p.tables_converted} / ${p.tables_quarantined}`,
          `${fmt(p.exact_pct, 2)} %`,
          `${fmt(p.dosing_tags_pct, 2)} %`,
          `${fmt(p.tables_right_pct, 2)} %`,
          fmt(p.load_s, 1),
          `${fmt(p.retrieval.ops.retrieve_framed.p50, 3)} / ${fmt(p.retrieval.ops.retrieve_framed.p99, 3)}`,
        ],
      ],
      note: `Render (typeset + Chromium print): ${p.render_cached ? 'cached from an earlier run' : `${fmt(p.render_s, 1)} s`}. ${p.lost} text parts lost, ${p.misplaced} misplaced; ${p.review_items} review items. Load = ingestDirectory with hash embeddings into the run's database.`,
    });
  }
  return out;
}

/** A earlier run kept for comparison (bench/results/baseline.json): what a change did, measured the same way. */
export interface Baseline {
  meta: Meta;
  results: Results;
}

export const BASELINE_PATH = resolve('bench', 'results', 'baseline.json');

export function readBaseline(path = BASELINE_PATH): Baseline | null {
  if (!existsSync(path)) return null;
  try {
    const b = JSON.parse(readFileSync(path, 'utf8')) as Baseline;
    return b.meta && b.results ? b : null;
  } catch {
    return null;
  }
}

/** Before → after for the end-to-end figures (overhead, I/O per turn, throughput), when both runs measured them. */
export function comparison(base: Baseline, r: Results): Section | null {
  const rows: (string | number)[][] = [];
  const row = (what: string, before: number | undefined, after: number | undefined, d = 2, unit = '') => {
    if (before === undefined || after === undefined) return;
    const change = before === 0 ? '—' : `${after >= before ? '+' : ''}${fmt(((after - before) / before) * 100, 0)} %`;
    rows.push([what, `${fmt(before, d)}${unit}`, `${fmt(after, d)}${unit}`, change]);
  };
  const a = base.results.overhead;
  const b = r.overhead;
  if (a && b) {
    row('overhead: in-process p50', a.inproc.p50, b.inproc.p50, 2, ' ms');
    row('overhead: queue pipeline p50', a.queue.p50, b.queue.p50, 2, ' ms');
    row('overhead: added per turn p50', a.added_ms_p50, b.added_ms_p50, 2, ' ms');
    row('overhead: ratio p50', a.ratio_p50, b.ratio_p50, 3);
    row('hops per turn (queue pipeline)', a.hops_per_turn_queue, b.hops_per_turn_queue, 2);
    row('Postgres statements per turn', a.io_per_turn.queue.pg, b.io_per_turn.queue.pg, 1);
    row('Redis commands per turn (queue pipeline)', a.io_per_turn.queue.redis, b.io_per_turn.queue.redis, 1);
  }
  const ta = base.results.throughput;
  const tb = r.throughput;
  if (ta && tb) {
    for (const lb of tb.levels) {
      const la = ta.levels.find((l) => l.concurrency === lb.concurrency);
      row(`throughput c=${lb.concurrency}: turns/s`, la?.turns_per_s, lb.turns_per_s, 1);
      row(`throughput c=${lb.concurrency}: p99`, la?.p99_ms, lb.p99_ms, 0, ' ms');
      row(
        `throughput c=${lb.concurrency}: server ms CPU per turn`,
        la ? (la.server_cores * 1000) / la.turns_per_s : undefined,
        (lb.server_cores * 1000) / lb.turns_per_s,
        1,
      );
    }
  }
  if (!rows.length) return null;
  return {
    title: `Before → after (baseline: commit ${base.meta.commit}, ${base.meta.started_at}; bench/results/baseline.json)`,
    head: ['figure', 'before', 'after', 'change'],
    rows,
    note: 'Both runs on this machine, same benchmark code paths; each side is a median over its own repetitions (noise between runs is several %).',
  };
}

function loadLine(m: Meta): string {
  const l = m.loadavg_1m;
  return l
    ? `Machine load during the run (1-min load average on ${m.cpus} cores): min ${l.min}, median ${l.median}, max ${l.max}.`
    : '';
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

export interface Meta {
  date: string;
  started_at: string;
  duration_s: number;
  command: string;
  node: string;
  cpus: number;
  cpu_model: string;
  commit: string;
  /** The machine's 1-minute load average, sampled every 5 s during the run (2 cores: above 2 means waiting for CPU). */
  loadavg_1m?: { min: number; median: number; max: number };
  /** Restarts of Redis or Postgres seen during the run (the figures are then invalid). */
  disturbances?: string[];
}

/** The commit the bundle was built from (read at start: the build ran just before). */
export function currentCommit(): string {
  return gitCommit();
}

export function meta(started: Date, durationS: number, commit: string): Meta {
  return {
    date: started.toISOString().slice(0, 10),
    started_at: started.toISOString(),
    duration_s: round(durationS, 0),
    command: 'npm run bench',
    node: process.version,
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model ?? 'unknown',
    commit,
  };
}

/** Prints the tables and writes bench/results/<date>.json and bench/results/latest.md. */
export function writeReport(
  m: Meta,
  r: Results,
  errors: Record<string, string>,
  outDir = resolve('bench', 'results'),
): { json: string; md: string; targets: Target[] } {
  const t = targets(r, errors);
  const targetRows = t.map((x) => [x.benchmark, x.target, x.measured, verdict(x.pass)]);
  const base = readBaseline();
  const cmp = base ? comparison(base, r) : null;
  const secs = [...(cmp ? [cmp] : []), ...sections(r)];

  const text = [
    '',
    `duocthu-rag benchmarks — ${m.started_at} — ${m.cpus} × ${m.cpu_model}, node ${m.node}, commit ${m.commit}, ${m.duration_s} s`,
    loadLine(m),
    ...(m.disturbances ?? []).map((d) => `WARNING: ${d} — these figures are not valid`),
    '',
    textTable(['benchmark', 'target', 'measured', 'result'], targetRows),
    ...secs.flatMap((s) => ['', s.title, textTable(s.head, s.rows), ...(s.note ? [s.note] : [])]),
    '',
  ].join('\n');
  process.stdout.write(text + '\n');

  const md = [
    '# Benchmarks — latest run',
    '',
    `\`${m.command}\` on ${m.started_at} (${m.cpus} × ${m.cpu_model}, node ${m.node}, commit ${m.commit}; ${m.duration_s} s).`,
    "Real Redis and Postgres on loopback, a database and key prefix of the run's own; figures are medians over repeated",
    'runs and comparisons are ratios measured in the same run (a shared, noisy 2-core machine).',
    loadLine(m),
    ...(m.disturbances ?? []).map((d) => `**WARNING: ${d} — these figures are not valid.**`),
    '',
    mdTable(['benchmark', 'target', 'measured', 'result'], targetRows),
    ...secs.flatMap((s) => ['', `## ${s.title}`, '', mdTable(s.head, s.rows), ...(s.note ? ['', s.note] : [])]),
    ...(Object.keys(errors).length
      ? ['', '## Errors', '', ...Object.entries(errors).map(([k, v]) => `- ${k}: ${v.split('\n')[0]}`)]
      : []),
    '',
    `Full figures: \`bench/results/${m.date}.json\`.`,
    '',
  ].join('\n');

  const dir = outDir;
  mkdirSync(dir, { recursive: true });
  const json = join(dir, `${m.date}.json`);
  writeFileSync(json, JSON.stringify({ meta: m, targets: t, results: r, errors }, null, 2) + '\n');
  const mdPath = join(dir, 'latest.md');
  writeFileSync(mdPath, md);
  return { json, md: mdPath, targets: t };
}
