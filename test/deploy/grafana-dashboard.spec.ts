import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registry } from '@app/platform';

const DASHBOARD = join(__dirname, '..', '..', 'docs', 'grafana-dashboard.json');

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: { uid: string };
  targets?: { expr: string; refId: string; datasource?: { uid: string } }[];
}

const FUNCTIONS = new Set([
  'sum', 'max', 'min', 'avg', 'count', 'rate', 'irate', 'increase', 'histogram_quantile', 'by', 'without',
  'on', 'ignoring', 'and', 'or', 'unless', 'topk', 'bottomk', 'delta', 'deriv', 'abs', 'clamp_min', 'clamp_max',
]); // prettier-ignore

/** The metric names a PromQL expression reads (label matchers, grouping labels, ranges and numbers left out). */
export function metricsOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '') // strings
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '') // grouping labels
    .replace(/\[[^\]]*\]/g, ''); // ranges
  return [...bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)].map((m) => m[0]).filter((t) => !FUNCTIONS.has(t));
}

/** Every series name /metrics can serve: counters as named, histograms with their _bucket/_sum/_count. */
async function exported(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const m of await registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(`${m.name}${s}`);
  }
  return names;
}

describe('Grafana dashboard (docs/grafana-dashboard.json)', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
    __inputs: { name: string; type: string }[];
    panels: Panel[];
    uid: string;
    schemaVersion: number;
  };
  const graphs = dashboard.panels.filter((p) => p.type !== 'row');
  const exprs = graphs.flatMap((p) => (p.targets ?? []).map((t) => t.expr));

  it('is an importable dashboard: one Prometheus input every panel uses, unique panel ids, panels on the grid', () => {
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource' })]);
    expect(dashboard.uid).toBe('duocthu-rag');
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    for (const p of graphs) {
      expect([p.title, p.datasource?.uid]).toEqual([p.title, '${DS_PROMETHEUS}']);
      expect(p.targets?.length).toBeGreaterThan(0);
      expect(p.gridPos.x + p.gridPos.w).toBeLessThanOrEqual(24);
    }
  });

  it('queries only metrics the services export', async () => {
    const names = await exported();
    const used = [...new Set(exprs.flatMap(metricsOf))];
    expect(used.length).toBeGreaterThan(15);
    for (const m of used) expect(names.has(m) ? m : `not exported: ${m}`).toBe(m);
  });

  it("shows every duocthu_* metric, the per-replica job counters and durations, and Node's process metrics", async () => {
    const used = new Set(exprs.flatMap(metricsOf).map((m) => m.replace(/_(bucket|sum|count)$/, '')));
    const ours = (await registry.getMetricsAsJSON()).map((m) => m.name).filter((n) => n.startsWith('duocthu_'));
    for (const m of ours) expect(used.has(m) ? m : `not on the dashboard: ${m}`).toBe(m);
    expect(exprs).toContain('sum by (queue, instance) (rate(duocthu_jobs_total[5m]))');
    for (const m of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds'])
      expect(used.has(m)).toBe(true);
  });

  it('the query reader finds the metric names and nothing else', () => {
    expect(
      metricsOf(
        'histogram_quantile(0.95, sum by (le, route) (rate(duocthu_http_request_duration_seconds_bucket{route!="x"}[5m])))',
      ),
    ).toEqual(['duocthu_http_request_duration_seconds_bucket']);
    expect(metricsOf('sum(rate(no_such_metric_total[5m])) or max by (queue) (duocthu_queue_jobs)')).toEqual([
      'no_such_metric_total',
      'duocthu_queue_jobs',
    ]);
  });
});
