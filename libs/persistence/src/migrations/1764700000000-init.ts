import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1764700000000 implements MigrationInterface {
  name = 'Init1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE conversations (
        id uuid PRIMARY KEY,
        owner text NOT NULL,
        clarify_streak int NOT NULL DEFAULT 0,
        last_frame jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX conversations_owner_idx ON conversations (owner)`);
    await q.query(`
      CREATE TABLE turns (
        id uuid PRIMARY KEY,
        conversation_id uuid NULL REFERENCES conversations(id) ON DELETE CASCADE,
        owner text NOT NULL,
        status text NOT NULL CHECK (status IN ('queued','running','done','failed')),
        request jsonb NOT NULL,
        decision text NULL,
        reason text NULL,
        result jsonb NULL,
        idempotency_key text NULL,
        elapsed_ms int NULL,
        llm_calls int NULL,
        error text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz NULL
      )`);
    // One turn in flight per conversation: a second insert fails and the gateway answers 409.
    await q.query(
      `CREATE UNIQUE INDEX turns_one_in_flight ON turns (conversation_id) WHERE status IN ('queued','running') AND conversation_id IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX turns_idempotency ON turns (owner, idempotency_key) WHERE idempotency_key IS NOT NULL`,
    );
    await q.query(`CREATE INDEX turns_conversation_idx ON turns (conversation_id, created_at)`);
    await q.query(`
      CREATE TABLE conversation_lines (
        id bigserial PRIMARY KEY,
        conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        turn_id uuid NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
        seq int NOT NULL,
        role text NOT NULL CHECK (role IN ('user','assistant')),
        text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (conversation_id, seq),
        UNIQUE (turn_id, role)
      )`);
    await q.query(`
      CREATE TABLE trace_events (
        id bigserial PRIMARY KEY,
        turn_id uuid NOT NULL,
        seq int NOT NULL,
        stage text NOT NULL,
        op text NOT NULL,
        started_at timestamptz NOT NULL,
        ms int NOT NULL,
        outcome text NOT NULL,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await q.query(`CREATE INDEX trace_events_turn_idx ON trace_events (turn_id, seq)`);
    await q.query(`
      CREATE TABLE corpus_versions (
        id serial PRIMARY KEY,
        content_hash text NOT NULL,
        embedder_id text NOT NULL,
        dim int NOT NULL,
        drug_count int NOT NULL,
        part_count int NOT NULL,
        sample boolean NOT NULL,
        active boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX corpus_versions_one_active ON corpus_versions (active) WHERE active`);
    await q.query(`CREATE UNIQUE INDEX corpus_versions_hash ON corpus_versions (content_hash)`);
    await q.query(`
      CREATE TABLE corpus_drugs (
        version_id int NOT NULL REFERENCES corpus_versions(id) ON DELETE CASCADE,
        drug_id text NOT NULL,
        name text NOT NULL,
        aliases jsonb NOT NULL,
        atc text NOT NULL,
        sample_data boolean NOT NULL,
        PRIMARY KEY (version_id, drug_id)
      )`);
    await q.query(`
      CREATE TABLE corpus_parts (
        version_id int NOT NULL REFERENCES corpus_versions(id) ON DELETE CASCADE,
        doc_id text NOT NULL,
        ord int NOT NULL,
        drug_id text NOT NULL,
        section text NOT NULL,
        n int NOT NULL,
        text text NOT NULL,
        population jsonb NOT NULL,
        route text NULL,
        interacts_with jsonb NOT NULL,
        quarantined_page int NULL,
        embedding bytea NULL,
        PRIMARY KEY (version_id, doc_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'corpus_parts',
      'corpus_drugs',
      'corpus_versions',
      'trace_events',
      'conversation_lines',
      'turns',
      'conversations',
    ])
      await q.query(`DROP TABLE IF EXISTS ${t}`);
  }
}
