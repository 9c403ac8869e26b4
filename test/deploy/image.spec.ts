import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter(Boolean);

/**
 * The image's HEALTHCHECK script run as Docker runs it, with the container's environment
 * (asynchronously: the server it probes lives in this process).
 */
const healthcheck = (env: Record<string, string>) =>
  new Promise<{ status: number; stderr: string }>((resolve) =>
    execFile(
      process.execPath,
      [join(ROOT, 'docker', 'healthcheck.mjs')],
      { encoding: 'utf8', env: { PATH: process.env.PATH, ...env }, timeout: 10_000 },
      (err, _stdout, stderr) => resolve({ status: err ? Number(err.code ?? 1) : 0, stderr }),
    ),
  );

describe('container image (Dockerfile; no Docker engine here)', () => {
  it('builds and runs on Node 24 LTS, the runtime package.json supports', () => {
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms).toEqual(['node:24-bookworm-slim', 'node:24-bookworm-slim']);
    const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } })
      .engines.node;
    expect(engines).toMatch(/^\^24\./);
  });

  it('ships the chat page where the gateway looks for it (apps/web/public under the working directory)', () => {
    expect(dockerfile).toMatch(/^WORKDIR \/app$/m);
    expect(dockerfile).toMatch(/^COPY apps\/web\/public \.\/apps\/web\/public$/m);
    expect(existsSync(join(ROOT, 'apps', 'web', 'public', 'index.html'))).toBe(true);
    for (const path of ['apps', 'apps/web', 'apps/web/public', 'docker', 'data']) expect(ignored).not.toContain(path);
  });

  it('has a HEALTHCHECK whose script is in the image', () => {
    expect(dockerfile).toMatch(/^HEALTHCHECK .*CMD \["node", "docker\/healthcheck\.mjs"\]$/m);
    expect(dockerfile).toMatch(/^COPY docker\/healthcheck\.mjs \.\/docker\/healthcheck\.mjs$/m);
  });

  describe('the HEALTHCHECK script', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer((req, res) => {
        res.statusCode = req.url === '/health' ? 200 : 404;
        res.end('{}');
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as { port: number }).port;
    });

    it("passes when the app's /health answers on METRICS_PORT (a worker) or PORT (the gateway)", async () => {
      expect((await healthcheck({ METRICS_PORT: String(port) })).status).toBe(0);
      expect((await healthcheck({ PORT: String(port) })).status).toBe(0);
    });

    it('fails, saying where it looked, when nothing answers', async () => {
      await new Promise((r) => server.close(r));
      const r = await healthcheck({ METRICS_PORT: String(port) });
      expect(r.status).toBe(1);
      expect(r.stderr).toBe(`unhealthy: no /health answered 200 on port(s) ${port}\n`);
    });
  });
});
