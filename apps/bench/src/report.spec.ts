import { comparison, type Baseline } from './report';
import type { Results } from './report';

const dist = (p50: number) => ({ p50, p95: p50 * 2, p99: p50 * 3, mean: p50, n: 10 });
function overhead(inproc: number, queue: number, pg: number, redis: number) {
  return {
    inproc: dist(inproc),
    queue: dist(queue),
    added_ms_p50: queue - inproc,
    ratio_p50: queue / inproc,
    hops_per_turn_queue: 3.5,
    io_per_turn: { inproc: { redis: 1, pg, redis_by_command: {} }, queue: { redis, pg, redis_by_command: {} } },
  };
}
const level = (concurrency: number, turns_per_s: number, p99_ms: number, server_cores: number) => ({
  concurrency,
  turns_per_s,
  p99_ms,
  server_cores,
});

describe('bench report: before → after', () => {
  const meta = { commit: 'abc1234', started_at: '2026-12-02T16:29:44.511Z' } as Baseline['meta'];

  it('lists overhead, I/O per turn and throughput per level with the relative change', () => {
    const base = {
      meta,
      results: {
        overhead: overhead(15, 26, 14.7, 54),
        throughput: { levels: [level(1, 30, 60, 0.6), level(8, 50, 250, 1)] },
      },
    } as unknown as Baseline;
    const after = {
      overhead: overhead(7.5, 18, 4, 38),
      throughput: { levels: [level(1, 45, 50, 0.675), level(8, 80, 190, 0.9), level(32, 95, 500, 0.9)] },
    } as unknown as Results;
    const s = comparison(base, after)!;
    expect(s.title).toContain('abc1234');
    const byName = Object.fromEntries(s.rows.map((r) => [r[0], r.slice(1)]));
    expect(byName['overhead: in-process p50']).toEqual(['15 ms', '7.5 ms', '-50 %']);
    expect(byName['Postgres statements per turn']).toEqual(['14.7', '4', '-73 %']);
    expect(byName['throughput c=8: turns/s']).toEqual(['50', '80', '+60 %']);
    // server CPU per turn = cores × 1000 / turns per second
    expect(byName['throughput c=1: server ms CPU per turn']).toEqual(['20', '15', '-25 %']);
    // a level the baseline did not run has no row
    expect(byName['throughput c=32: turns/s']).toBeUndefined();
  });

  it('is null when the runs share no end-to-end figure', () => {
    expect(
      comparison({ meta, results: {} } as Baseline, { overhead: overhead(1, 2, 1, 1) } as unknown as Results),
    ).toBeNull();
  });
});
