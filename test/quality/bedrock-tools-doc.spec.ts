import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOOLS, toolJsonSchema, type ToolName } from '@app/llm';

const DOC = join(__dirname, '..', '..', 'docs', 'bedrock-tools.md');

/** The documented tool schemas are the ones the adapters send (regenerate: UPDATE_DOCS=1 npx jest test/quality/bedrock-tools-doc). */
export function renderToolsDoc(): string {
  const names = Object.keys(TOOLS) as ToolName[];
  return [
    '# Bedrock tools (generated from libs/contracts — do not edit by hand)',
    '',
    'Every LLM call forces exactly one tool (`toolChoice` for `bedrock-converse`, `tool_choice` in the',
    'Anthropic messages body for `bedrock-claude`). A proxy or a fake must answer with a tool call of',
    'that name whose input matches the schema below; anything else is `provider_unavailable`',
    '(`malformed_output`) and the turn fails closed.',
    '',
    '| tool | call |',
    '|---|---|',
    '| `understand_turn` | understanding: the turn to a QueryFrame |',
    '| `check_sufficiency` | sufficiency of the evidence (legacy path, fail-open) |',
    '| `answer_from_evidence` | generation: the first answer, its retry, the completeness repair |',
    '| `check_entailment` | entailment: of the answer, and again of a repaired answer |',
    '',
    ...names.flatMap((n) => [
      `## \`${n}\``,
      '',
      TOOLS[n].description,
      '',
      '```json',
      JSON.stringify(toolJsonSchema(n), null, 2),
      '```',
      '',
    ]),
  ].join('\n');
}

describe('docs/bedrock-tools.md', () => {
  it('matches the schemas generated from the contracts', () => {
    const doc = renderToolsDoc();
    if (process.env.UPDATE_DOCS) writeFileSync(DOC, doc);
    expect(readFileSync(DOC, 'utf8')).toBe(doc);
  });
});
