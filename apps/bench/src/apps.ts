import { spawn, type ChildProcess } from 'node:child_process';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { RagAgent } from '@app/orchestrator';
import {
  appRoot,
  discoverHopHandlers,
  HOP_CLIENT,
  InProcessHopClient,
  loadConfig,
  type AppConfig,
} from '@app/platform';
import { AllInOneModule } from '../../all-in-one/src/all-in-one.module';
import { startAllInOne } from '../../all-in-one/src/start';
import { log, waitFor } from './common';

export interface InProcessApp {
  app: INestApplication;
  agent: RagAgent;
  close(): Promise<void>;
}

/**
 * The all-in-one module with its hop client swapped for the in-process twin: every hop
 * calls the worker's own `@HopHandler` method directly (found by discovery, the same
 * declarations the queue servers serve; same payload/result validation, no Redis queue).
 * Nothing consumes a queue and nothing listens.
 */
export async function startInProcessApp(env: Record<string, string>): Promise<InProcessApp> {
  const hops = new InProcessHopClient();
  const moduleRef = await Test.createTestingModule({ imports: [appRoot(benchConfig(env), AllInOneModule)] })
    .overrideProvider(HOP_CLIENT)
    .useValue(hops)
    .compile();
  hops.setup(discoverHopHandlers(moduleRef));
  const app = moduleRef.createNestApplication({ logger: false, bodyParser: false });
  await app.init();
  return { app, agent: app.get(RagAgent, { strict: false }), close: () => app.close() };
}

/** An in-process app's configuration: this process' environment with the run's variables over it; nothing is written to process.env. */
function benchConfig(env: Record<string, string>): AppConfig {
  return loadConfig({ ...process.env, ...env });
}

/** The real all-in-one app (a server per queue, real BullMQ hops), not listening unless asked. */
export async function startQueueApp(
  env: Record<string, string>,
  listen = false,
): Promise<{ app: INestApplication; port: number }> {
  const { app } = await startAllInOne(benchConfig(env), { listen: false, logger: false });
  let port = 0;
  if (listen) {
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as { port: number }).port;
  }
  return { app, port };
}

export interface Child {
  proc: ChildProcess;
  /** The last lines the process wrote to stderr (for diagnostics). */
  stderr(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

/** Every child process still running (killed by pid if the bench has to bail out). */
export const liveChildren = new Set<ChildProcess>();

/** Spawns a node process; its stdout lines go to `onLine`. Killed by id only. */
export function spawnNode(
  name: string,
  args: string[],
  env: Record<string, string>,
  onLine: (line: string) => void = () => undefined,
): Child {
  const proc = spawn(process.execPath, args, {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  liveChildren.add(proc);
  proc.once('exit', () => liveChildren.delete(proc));
  const tail: string[] = [];
  let buf = '';
  proc.stdout!.setEncoding('utf8').on('data', (d: string) => {
    buf += d;
    let i: number;
    while ((i = buf.indexOf('\n')) >= 0) {
      onLine(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
  });
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => {
    tail.push(d);
    if (tail.length > 20) tail.shift();
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return {
    proc,
    stderr: () => tail.join(''),
    async stop(graceMs = 15_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return proc.exitCode;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => {
        log(`${name} (pid ${proc.pid}) did not exit within ${graceMs} ms: SIGKILL`);
        proc.kill('SIGKILL');
      }, graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * The all-in-one gateway in its own process (this bundle in `serve` mode): the load
 * generator then does not share an event loop with the server. `cpuProfDir` adds
 * --cpu-prof.
 */
export async function spawnServer(
  env: Record<string, string>,
  cpuProfDir?: string,
): Promise<{ child: Child; port: number }> {
  let port = 0;
  const args = [...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []), process.argv[1], 'serve'];
  const child = spawnNode('all-in-one server', args, env, (line) => {
    const m = /^BENCH_SERVER_PORT=(\d+)$/.exec(line.trim());
    if (m) port = Number(m[1]);
  });
  try {
    await waitFor(
      'the all-in-one server to listen',
      async () => {
        if (child.proc.exitCode !== null) throw new Error(`server exited: ${child.stderr()}`);
        return port > 0;
      },
      60_000,
    );
  } catch (e) {
    await child.stop(2_000);
    throw new Error(`${(e as Error).message}\n${child.stderr()}`, { cause: e });
  }
  return { child, port };
}

/** `serve` mode: the all-in-one on 127.0.0.1:<free port>; prints the port; exits 0 on SIGTERM. */
export async function serve(): Promise<void> {
  const { app, port } = await startQueueApp({}, true);
  process.stdout.write(`BENCH_SERVER_PORT=${port}\n`);
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // a server whose parent died stops too
  const orphan = setInterval(() => {
    if (process.ppid === 1) stop();
  }, 1_000);
  orphan.unref();
}
