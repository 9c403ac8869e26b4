import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { configureGateway, GatewayModule } from '@app/gateway';
import { OrchestratorModule } from '@app/orchestrator';
import { appRoot, serverFor } from '@app/platform';
import { testConfig, type ConfigOverrides } from '../support/test-config';

export const ROOT = join(__dirname, '..', '..');
export const WORKERS = [
  'understanding-worker',
  'retrieval-worker',
  'generation-worker',
  'verification-worker',
] as const;
export type WorkerApp = (typeof WORKERS)[number];

/** Builds the worker bundles the suite runs as real processes. */
export function buildWorkers(): void {
  if (process.env.RELIABILITY_SKIP_BUILD === '1') return;
  for (const app of WORKERS) execFileSync('npx', ['nest', 'build', app], { cwd: ROOT, stdio: 'ignore' });
}

// below the ephemeral port range (32768+), so a client socket never holds a worker's port
let nextPort = 20_000 + (process.pid % 400) * 25;

/** One worker process (dist/apps/<app>/main.js) with its own health port. */
export class WorkerProc {
  readonly port = nextPort++;
  readonly proc: ChildProcess;
  output = '';
  isReady = false;

  constructor(
    readonly app: WorkerApp,
    env: Record<string, string>,
  ) {
    this.proc = spawn(process.execPath, [join(ROOT, 'dist', 'apps', app, 'main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        METRICS_PORT: String(this.port),
        RUN_MIGRATIONS: 'false',
        AUTO_INGEST: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (c: Buffer) => {
      this.output = (this.output + c.toString()).slice(-200_000);
    };
    this.proc.stdout!.on('data', keep);
    this.proc.stderr!.on('data', keep);
  }

  get alive(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  async ready(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.alive) throw new Error(`${this.app} exited: ${this.output.slice(-2000)}`);
      try {
        const r = await fetch(`http://127.0.0.1:${this.port}/ready`);
        if (r.ok) {
          this.isReady = true;
          return;
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${this.app} not ready in ${timeoutMs} ms`);
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.alive) return Promise.resolve();
    return new Promise((resolve) => {
      this.proc.once('exit', () => resolve());
      this.proc.kill(signal);
    });
  }
}

/** The gateway and the orchestrator in this process (never killed), over the same queues. */
export async function startFront(overrides: ConfigOverrides): Promise<INestApplication> {
  const config = testConfig(overrides);
  const app = await NestFactory.create(appRoot(config, GatewayModule, OrchestratorModule), {
    bodyParser: false,
    logger: false,
  });
  await configureGateway(app);
  app.connectMicroservice({ strategy: serverFor('turns', config) }, { inheritAppConfig: true });
  await app.init();
  await app.startAllMicroservices();
  await app.listen(0, '127.0.0.1');
  return app;
}

export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
}

export async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let t: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<T>((_, rej) => (t = setTimeout(() => rej(new Error(`${what} did not finish in ${ms} ms`)), ms))),
    ]);
  } finally {
    clearTimeout(t);
  }
}
