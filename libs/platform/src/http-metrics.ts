import { metrics } from './metrics';

interface Req {
  method: string;
  baseUrl?: string;
  route?: { path?: unknown };
}
interface Res {
  statusCode: number;
  once(event: 'finish', listener: () => void): unknown;
}

/**
 * The route label: the pattern the router matched (`/v1/rag/turns/:id`, never the id), so
 * the series stay few; a request no route took is `static` (the chat page) or `unmatched`.
 */
export function routeLabel(req: Req, status: number): string {
  const path = req.route?.path;
  if (typeof path === 'string') return `${req.baseUrl ?? ''}${path}` || '/';
  return status < 400 ? 'static' : 'unmatched';
}

/** Express middleware: counts and times every request once it is answered. */
export function httpMetrics(req: Req, res: Res, next: () => void): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const route = routeLabel(req, res.statusCode);
    metrics.httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
    metrics.httpDuration.observe({ method: req.method, route }, Number(process.hrtime.bigint() - started) / 1e9);
  });
  next();
}
