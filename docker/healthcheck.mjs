// The image's HEALTHCHECK: GET /health (liveness: the process only, never Redis or Postgres)
// of the app this container runs. One image runs every app, so it asks the ports the
// configuration names — METRICS_PORT (a worker or the orchestrator), PORT (the gateway or the
// all-in-one) — and, when they are unset, each app's default port. Exit 0 when one answers 200.
const DEFAULT_PORTS = [3000, 3100, 3101, 3102, 3103, 3104];
const named = [process.env.METRICS_PORT, process.env.PORT].filter((p) => p && p !== '0').map(Number);
const ports = [...new Set(named.length ? named : DEFAULT_PORTS)];

const probe = async (port) => {
  const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(3_000) });
  if (!res.ok) throw new Error(`port ${port}: ${res.status}`);
  return port;
};

Promise.any(ports.map(probe)).then(
  () => process.exit(0),
  () => {
    process.stderr.write(`unhealthy: no /health answered 200 on port(s) ${ports.join(', ')}\n`);
    process.exit(1);
  },
);
