import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/platform';
import { buildCorpus, corpusHash, CorpusIndex, readCorpusDir } from '@app/formulary';
import { EMBEDDER, type Embedder } from '@app/llm';
import { CorpusRepository, type IngestResult } from './corpus.repository';

const VERSION_POLL_MS = 30_000;

/** Ingests a directory of monographs as a new corpus version (validate, split, embed, write, switch). */
export async function ingestDirectory(
  repo: CorpusRepository,
  dir: string,
  embedder: Embedder | null,
  onProgress?: (done: number, total: number, stage: string) => void,
): Promise<IngestResult> {
  const monographs = readCorpusDir(dir);
  const corpus = buildCorpus(monographs);
  const hash = corpusHash(monographs, embedder?.id ?? 'none');
  const existing = await repo.active();
  if (existing?.contentHash === hash) return { kind: 'unchanged', versionId: existing.id };
  let vectors: Float32Array[] | null = null;
  if (embedder) {
    vectors = [];
    const batch = 64;
    for (let i = 0; i < corpus.parts.length; i += batch) {
      vectors.push(...(await embedder.embed(corpus.parts.slice(i, i + batch).map((p) => `${p.drug_name}. ${p.text}`))));
      onProgress?.(Math.min(i + batch, corpus.parts.length), corpus.parts.length, 'embed');
    }
  }
  return repo.ingest(corpus, hash, embedder?.id ?? 'none', embedder?.dim ?? 0, vectors, (d, t) =>
    onProgress?.(d, t, 'write'),
  );
}

/**
 * The active corpus in memory for a worker: loaded at start (ingesting the sample
 * corpus when the database has none), reloaded when the active version changes.
 */
@Injectable()
export class CorpusService implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('CorpusService');
  private current: { versionId: number; index: CorpusIndex } | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: CorpusRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
  ) {}

  async onModuleInit(): Promise<void> {
    let active = await this.repo.active();
    if (!active && this.config.AUTO_INGEST) {
      const r = await ingestDirectory(this.repo, this.config.CORPUS_DIR, this.embedder);
      this.log.log({
        msg: 'no corpus in the database: ingested the corpus directory',
        corpus_dir: this.config.CORPUS_DIR,
        version: r.versionId,
      });
      active = await this.repo.active();
    }
    if (!active) throw new Error('no active corpus version: run `npm run ingest -- <dir>`');
    await this.reload();
    this.timer = setInterval(() => void this.checkVersion(), VERSION_POLL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  get index(): CorpusIndex {
    if (!this.current) throw new Error('corpus not loaded');
    return this.current.index;
  }

  get versionId(): number | null {
    return this.current?.versionId ?? null;
  }

  async reload(): Promise<void> {
    const stored = await this.repo.loadActive();
    if (!stored) return;
    const dense = this.embedder && stored.embedderId === this.embedder.id ? stored.vectors : null;
    this.current = {
      versionId: stored.versionId,
      index: new CorpusIndex(stored.corpus, dense, dense ? stored.dim : 0),
    };
    this.log.log({
      msg: 'corpus loaded',
      version: stored.versionId,
      drugs: stored.corpus.drugs.length,
      parts: stored.corpus.parts.length,
    });
  }

  /** Reloads when another version became active (polled; also called by tests). */
  async checkVersion(): Promise<void> {
    try {
      const active = await this.repo.active();
      if (active && active.id !== this.current?.versionId) await this.reload();
    } catch (e) {
      this.log.warn({ msg: 'corpus version check failed', error: (e as Error).message });
    }
  }
}
