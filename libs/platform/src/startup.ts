import { createServer, type AddressInfo } from 'node:net';

/**
 * Exit codes of a start the process refuses (docs/operations.md lists them): a supervisor
 * can tell "fix the configuration" from "try again later" without reading the log.
 */
export const EXIT = {
  /** Anything else that stopped the start (a database that cannot be reached, …). */
  failed: 1,
  /** A port another process holds: another replica on this host, or a restart too soon. */
  portInUse: 75,
  /** The configuration is wrong: a bad variable, a missing key, another deployment's prefix. */
  config: 78,
} as const;

/** A start the process refuses: the one line it prints, and its exit code. */
export class StartupRefusal extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** The refusal for a port that cannot be bound, naming the variable that chose it. */
export function portRefusal(err: NodeJS.ErrnoException, host: string, port: number, variable: string): StartupRefusal {
  if (err.code === 'EADDRINUSE')
    return new StartupRefusal(
      `refusing to start: port ${port} (${variable}) is already in use on ${host} — another replica on this host? ` +
        `Give each process its own ${variable}, or ${variable}=0 for any free port`,
      EXIT.portInUse,
    );
  return new StartupRefusal(
    `refusing to start: cannot listen on ${host}:${port} (HOST, ${variable}): ${err.code ?? err.message}`,
    EXIT.config,
  );
}

/**
 * Binds and releases host:port once, before anything else starts, so a taken port stops the
 * process before it connects to anything or says it started. Port 0 (any) always binds.
 */
export async function checkPortFree(host: string, port: number, variable: string): Promise<void> {
  if (port === 0) return;
  const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    const probe = createServer();
    probe.once('error', resolve);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(null)));
  });
  if (err) throw portRefusal(err, host, port, variable);
}

/** `http://host:port` of a bound server, as an operator would type it. */
export function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
