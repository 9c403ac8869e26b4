import { StubUnderstander } from '@app/llm';
import { sampleIndex } from '../../libs/formulary/src/test-corpus';
import { toolReply, type FakeRequest, type FakeResponse } from './fake-bedrock';

/** The prompt text of a fake request (Converse or Anthropic messages). */
export function promptOf(req: FakeRequest): string {
  const messages = req.body.messages as { content: ({ text?: string } | { type: string; text?: string })[] }[];
  return messages.flatMap((m) => m.content.map((c) => c.text ?? '')).join('\n');
}

/** `<doc id="...">text</doc>` blocks of a prompt. */
export function docsOf(prompt: string): { id: string; text: string }[] {
  return [...prompt.matchAll(/<doc id="([^"]+)"[^>]*>\n([\s\S]*?)\n<\/doc>/g)].map((m) => ({ id: m[1], text: m[2] }));
}

/**
 * A well-behaved fake model behind the fake Bedrock endpoint: it understands turns with
 * the deterministic parser, answers by quoting the evidence blocks, and entails.
 * Tests override single tools to misbehave.
 */
export function wellBehavedModel(overrides: Partial<Record<string, (req: FakeRequest) => FakeResponse>> = {}) {
  const index = sampleIndex();
  const parser = new StubUnderstander(index.resolver, index.indicationHeads(), index);
  return (req: FakeRequest): FakeResponse => {
    const o = req.tool ? overrides[req.tool] : undefined;
    if (o) return o(req);
    const prompt = promptOf(req);
    switch (req.tool) {
      case 'understand_turn': {
        const turn = /<user_turn>\n([\s\S]*?)\n<\/user_turn>/.exec(prompt)?.[1] ?? '';
        const frame = parser.parse(turn);
        // the model returns names as written; the worker resolves them
        return toolReply(req, { ...frame, drugs: frame.drugs.map((id) => index.drug(id)!.name) });
      }
      case 'answer_from_evidence': {
        const docs = docsOf(prompt).slice(0, 4);
        return toolReply(req, {
          answer_sentences: docs.map((d) => ({ text: d.text, doc_ids: [d.id] })),
          evidence_sufficient: docs.length > 0,
          clarifying_question: null,
          quick_replies: [],
        });
      }
      case 'check_entailment':
        return toolReply(req, { entailed: true, unsupported_claims: [], omissions: [] });
      case 'check_sufficiency':
        return toolReply(req, { sufficient: true });
      default:
        return { status: 400, errorType: 'ValidationException', json: { message: 'unknown tool' } };
    }
  };
}
