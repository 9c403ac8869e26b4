// A local fake of the Bedrock runtime HTTP API on 127.0.0.1 for the real AWS SDK client to talk to.
// Tests and benchmarks only: deliberately not exported from libs/llm/src/index.ts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  kind: 'converse' | 'invoke';
  modelId: string;
  /** The forced tool (Converse toolChoice / Anthropic tool_choice), or null (embeddings). */
  tool: string | null;
  body: Record<string, unknown>;
}

export interface FakeResponse {
  status?: number;
  json?: unknown;
  /** e.g. ThrottlingException, InternalServerException */
  errorType?: string;
  delayMs?: number;
  /** never answer (the client's read timeout must end it) */
  hang?: boolean;
}

export type FakeHandler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

/** A Converse or Anthropic-messages reply carrying one tool call. */
export function toolReply(req: FakeRequest, input: unknown): FakeResponse {
  const name = req.tool ?? 'unknown';
  if (req.kind === 'converse')
    return {
      json: {
        output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 'tooluse_1', name, input } }] } },
        stopReason: 'tool_use',
        usage: { inputTokens: 10, outputTokens: 10, totalTokens: 20 },
        metrics: { latencyMs: 5 },
      },
    };
  return {
    json: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: req.modelId,
      content: [{ type: 'tool_use', id: 'toolu_1', name, input }],
      stop_reason: 'tool_use',
      usage: { input_tokens: 10, output_tokens: 10 },
    },
  };
}

export function errorReply(status: number, errorType: string): FakeResponse {
  return { status, errorType, json: { message: `${errorType} from the fake` } };
}

/**
 * A local fake of the Bedrock runtime HTTP API (`/model/{id}/converse`,
 * `/model/{id}/invoke`) for testing the real AWS SDK client against. Loopback only.
 */
export class FakeBedrock {
  readonly requests: FakeRequest[] = [];
  handler: FakeHandler = () => errorReply(500, 'InternalServerException');
  private server: Server | null = null;
  private readonly sockets = new Set<import('node:net').Socket>();

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.serve(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  count(tool?: string): number {
    return this.requests.filter((r) => tool === undefined || r.tool === tool).length;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const m = /^\/model\/([^/]+)\/(converse|invoke)$/.exec(decodeURIComponent(req.url ?? ''));
    if (!m) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"unknown route"}');
      return;
    }
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      // an invoke body the fake cannot read still counts as a request
    }
    const kind = m[2] as 'converse' | 'invoke';
    const tool =
      kind === 'converse'
        ? ((body.toolConfig as { toolChoice?: { tool?: { name?: string } } } | undefined)?.toolChoice?.tool?.name ??
          null)
        : ((body.tool_choice as { name?: string } | undefined)?.name ?? null);
    const fr: FakeRequest = { kind, modelId: m[1], tool, body };
    this.requests.push(fr);
    const reply = await this.handler(fr);
    if (reply.hang) return; // the client's timeout has to end this
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (res.destroyed) return;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (reply.errorType)
      headers['x-amzn-errortype'] = `${reply.errorType}:http://internal.amazon.com/coral/com.amazon.bedrock/`;
    res.writeHead(reply.status ?? 200, headers).end(JSON.stringify(reply.json ?? {}));
  }
}
