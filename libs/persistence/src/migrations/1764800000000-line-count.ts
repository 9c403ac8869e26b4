import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `conversations.line_count`: the number of lines a conversation has. Completing a turn
 * bumps it in the same UPDATE that takes the conversation's row lock and numbers the two
 * new lines from what it returns, so one statement (no BEGIN … MAX(seq) … COMMIT) stores
 * a turn and concurrent writers still get distinct `seq`s.
 */
export class LineCount1764800000000 implements MigrationInterface {
  name = 'LineCount1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE conversations ADD COLUMN line_count int NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE conversations c SET line_count = l.max_seq
      FROM (SELECT conversation_id, MAX(seq) AS max_seq FROM conversation_lines GROUP BY conversation_id) l
      WHERE l.conversation_id = c.id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE conversations DROP COLUMN line_count`);
  }
}
