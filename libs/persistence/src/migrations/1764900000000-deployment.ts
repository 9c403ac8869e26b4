import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `deployment`: one row, the id this database was given when first migrated. It is the
 * deployment's identity when DEPLOYMENT_ID is unset: every process checks it against the
 * identity record of its QUEUE_PREFIX in Redis before it starts (deployment-identity.ts).
 */
export class Deployment1764900000000 implements MigrationInterface {
  name = 'Deployment1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deployment (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        created_at timestamptz NOT NULL DEFAULT now(),
        one_row boolean NOT NULL DEFAULT true UNIQUE CHECK (one_row)
      )`);
    await q.query(`INSERT INTO deployment DEFAULT VALUES`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE deployment`);
  }
}
