import type { DataSource } from 'typeorm';
import type { EvidencePart, Population, Route, SectionKey } from '@app/contracts';
import type { Corpus } from '@app/formulary';
import { CorpusDrugEntity, CorpusPartEntity, CorpusVersionEntity } from './entities/corpus.entity';

export interface StoredCorpus {
  versionId: number;
  contentHash: string;
  embedderId: string;
  dim: number;
  corpus: Corpus;
  /** Row i is parts[i]'s vector; null when embeddings are disabled. */
  vectors: Float32Array | null;
}

export type IngestResult =
  { kind: 'unchanged'; versionId: number } | { kind: 'ingested'; versionId: number; parts: number };

const BATCH = 500;

/** Corpus versions in Postgres: ingest a new one, switch the active one atomically, load it. */
export class CorpusRepository {
  constructor(private readonly ds: DataSource) {}

  async active(): Promise<CorpusVersionEntity | null> {
    return this.ds.getRepository(CorpusVersionEntity).findOneBy({ active: true });
  }

  /**
   * Writes a new version and makes it active in one transaction. A version with the
   * same content hash is re-activated instead (re-ingesting unchanged content is a no-op).
   */
  async ingest(
    corpus: Corpus,
    contentHash: string,
    embedderId: string,
    dim: number,
    vectors: Float32Array[] | null,
    onProgress: (done: number, total: number) => void = () => undefined,
  ): Promise<IngestResult> {
    return this.ds.transaction(async (m) => {
      // serialise concurrent ingests
      await m.query('SELECT pg_advisory_xact_lock(724511094)');
      const versions = m.getRepository(CorpusVersionEntity);
      const same = await versions.findOneBy({ contentHash });
      if (same) {
        if (!same.active) {
          await versions.update({ active: true }, { active: false });
          await versions.update({ id: same.id }, { active: true });
        }
        return { kind: 'unchanged', versionId: same.id };
      }
      const { id } = await versions.save(
        versions.create({
          contentHash,
          embedderId,
          dim,
          drugCount: corpus.drugs.length,
          partCount: corpus.parts.length,
          sample: corpus.sample,
          active: false,
        }),
      );
      await m.getRepository(CorpusDrugEntity).insert(
        corpus.drugs.map((d) => ({
          versionId: id,
          drugId: d.drug_id,
          name: d.name,
          aliases: d.aliases,
          atc: d.atc,
          sampleData: d.sample_data,
        })),
      );
      const total = corpus.parts.length;
      for (let i = 0; i < total; i += BATCH) {
        const rows = corpus.parts.slice(i, i + BATCH).map((p, j) => ({
          versionId: id,
          docId: p.doc_id,
          ord: i + j,
          drugId: p.drug_id,
          section: p.section,
          n: p.n,
          text: p.text,
          population: p.population,
          route: p.route,
          interactsWith: p.interacts_with,
          quarantinedPage: p.quarantined_page,
          embedding: vectors
            ? Buffer.from(vectors[i + j].buffer, vectors[i + j].byteOffset, vectors[i + j].byteLength)
            : null,
        }));
        await m.getRepository(CorpusPartEntity).insert(rows);
        onProgress(Math.min(i + BATCH, total), total);
      }
      // the switch: readers see the old version until this transaction commits
      await versions.update({ active: true }, { active: false });
      await versions.update({ id }, { active: true });
      return { kind: 'ingested', versionId: id, parts: total };
    });
  }

  /** Loads the active version into memory (what workers serve from). */
  async loadActive(): Promise<StoredCorpus | null> {
    const v = await this.active();
    if (!v) return null;
    const drugs = await this.ds
      .getRepository(CorpusDrugEntity)
      .find({ where: { versionId: v.id }, order: { drugId: 'ASC' } });
    const rows = await this.ds
      .getRepository(CorpusPartEntity)
      .find({ where: { versionId: v.id }, order: { ord: 'ASC' } });
    const names = new Map(drugs.map((d) => [d.drugId, d.name]));
    const parts: EvidencePart[] = rows.map((r) => ({
      doc_id: r.docId,
      drug_id: r.drugId,
      drug_name: names.get(r.drugId) ?? r.drugId,
      section: r.section as SectionKey,
      n: r.n,
      text: r.text,
      population: r.population as Population[],
      route: r.route as Route | null,
      interacts_with: r.interactsWith,
      quarantined_page: r.quarantinedPage,
    }));
    let vectors: Float32Array | null = null;
    if (v.dim > 0 && rows.every((r) => r.embedding)) {
      vectors = new Float32Array(rows.length * v.dim);
      rows.forEach((r, i) => {
        const buf = r.embedding!;
        vectors!.set(new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength)), i * v.dim);
      });
    }
    return {
      versionId: v.id,
      contentHash: v.contentHash,
      embedderId: v.embedderId,
      dim: v.dim,
      vectors,
      corpus: {
        drugs: drugs.map((d) => ({
          drug_id: d.drugId,
          name: d.name,
          aliases: d.aliases,
          atc: d.atc,
          sample_data: d.sampleData,
        })),
        parts,
        sample: v.sample,
      },
    };
  }
}
