import { z } from 'zod';
import { EntailmentSchema, GenerationOutputSchema, QueryFrameSchema } from '@app/contracts';

/**
 * What the understanding model returns: the frame, with drug mentions as written (code resolves them).
 * `listed` is the conversation's memory of its own last reply, kept by code: not the model's to fill.
 */
export const UnderstandToolInput = QueryFrameSchema.omit({ listed: true });

export const SufficiencyToolInput = z.object({ sufficient: z.boolean() });

/**
 * One tool per call type. The input schemas are generated from libs/contracts, so a
 * proxy or a fake can be built from them (README: "Bedrock tools").
 */
export const TOOLS = {
  understand_turn: {
    description: 'Trích xuất khung câu hỏi (QueryFrame) từ lượt hỏi của người dùng.',
    schema: UnderstandToolInput,
  },
  check_sufficiency: {
    description: 'Cho biết bằng chứng đã đủ để trả lời câu hỏi hay chưa.',
    schema: SufficiencyToolInput,
  },
  answer_from_evidence: {
    description: 'Trả lời chỉ từ bằng chứng, mỗi câu kèm doc_id trích dẫn.',
    schema: GenerationOutputSchema,
  },
  check_entailment: {
    description: 'Kiểm tra từng câu trả lời có được bằng chứng hỗ trợ, và các thiếu sót quan trọng.',
    schema: EntailmentSchema,
  },
} as const;
export type ToolName = keyof typeof TOOLS;

/** JSON Schema of a tool's input (draft 2020-12, as Bedrock accepts it). */
export function toolJsonSchema(name: ToolName): Record<string, unknown> {
  const schema = z.toJSONSchema(TOOLS[name].schema, { target: 'draft-2020-12', io: 'input' }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  return schema;
}
