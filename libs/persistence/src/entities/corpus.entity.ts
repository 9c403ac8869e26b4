import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity('corpus_versions')
export class CorpusVersionEntity {
  @PrimaryGeneratedColumn('increment')
  id: number;

  @Column('text', { name: 'content_hash' })
  contentHash: string;

  @Column('text', { name: 'embedder_id' })
  embedderId: string;

  @Column('int')
  dim: number;

  @Column('int', { name: 'drug_count' })
  drugCount: number;

  @Column('int', { name: 'part_count' })
  partCount: number;

  @Column('boolean')
  sample: boolean;

  @Column('boolean')
  active: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

@Entity('corpus_drugs')
export class CorpusDrugEntity {
  @PrimaryColumn('int', { name: 'version_id' })
  versionId: number;

  @PrimaryColumn('text', { name: 'drug_id' })
  drugId: string;

  @Column('text')
  name: string;

  @Column('jsonb')
  aliases: string[];

  @Column('text')
  atc: string;

  @Column('boolean', { name: 'sample_data' })
  sampleData: boolean;
}

@Entity('corpus_parts')
export class CorpusPartEntity {
  @PrimaryColumn('int', { name: 'version_id' })
  versionId: number;

  @PrimaryColumn('text', { name: 'doc_id' })
  docId: string;

  @Column('int')
  ord: number;

  @Column('text', { name: 'drug_id' })
  drugId: string;

  @Column('text')
  section: string;

  @Column('int')
  n: number;

  @Column('text')
  text: string;

  @Column('jsonb')
  population: string[];

  @Column('text', { nullable: true })
  route: string | null;

  @Column('jsonb', { name: 'interacts_with' })
  interactsWith: string[];

  @Column('int', { name: 'quarantined_page', nullable: true })
  quarantinedPage: number | null;

  /** Float32 little-endian vector, or null when embeddings are disabled. */
  @Column('bytea', { nullable: true })
  embedding: Buffer | null;
}
