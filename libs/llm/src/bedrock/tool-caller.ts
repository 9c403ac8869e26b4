import { ConverseCommand, InvokeModelCommand, type BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { ProviderUnavailable } from '@app/contracts';
import { mapBedrockError } from './client';
import { TOOLS, toolJsonSchema, type ToolName } from './tools';

/** Calls the model with exactly one forced tool and returns the tool input, validated. */
export interface ToolCaller {
  call<T>(tool: ToolName, system: string, prompt: string): Promise<T>;
}

const MAX_TOKENS = 2048;

function validate<T>(tool: ToolName, input: unknown): T {
  const parsed = TOOLS[tool].schema.safeParse(input);
  if (!parsed.success)
    throw new ProviderUnavailable('malformed_output', `bedrock ${tool}: tool input outside its schema`);
  return parsed.data as T;
}

/** `bedrock-converse`: ConverseCommand, structured output through toolConfig + toolChoice. */
export class ConverseToolCaller implements ToolCaller {
  constructor(
    private readonly client: BedrockRuntimeClient,
    private readonly modelId: string,
  ) {}

  async call<T>(tool: ToolName, system: string, prompt: string): Promise<T> {
    let out;
    try {
      out = await this.client.send(
        new ConverseCommand({
          modelId: this.modelId,
          system: [{ text: system }],
          messages: [{ role: 'user', content: [{ text: prompt }] }],
          inferenceConfig: { maxTokens: MAX_TOKENS, temperature: 0 },
          toolConfig: {
            tools: [
              {
                toolSpec: {
                  name: tool,
                  description: TOOLS[tool].description,
                  inputSchema: { json: toolJsonSchema(tool) as never },
                },
              },
            ],
            toolChoice: { tool: { name: tool } },
          },
        }),
      );
    } catch (err) {
      throw mapBedrockError(err);
    }
    const use = out.output?.message?.content?.find((c) => c.toolUse?.name === tool)?.toolUse;
    if (!use) throw new ProviderUnavailable('malformed_output', `bedrock ${tool}: no tool call in the reply`);
    return validate<T>(tool, use.input);
  }
}

/** `bedrock-claude`: InvokeModelCommand with the Anthropic messages body and the same tools. */
export class ClaudeToolCaller implements ToolCaller {
  constructor(
    private readonly client: BedrockRuntimeClient,
    private readonly modelId: string,
  ) {}

  async call<T>(tool: ToolName, system: string, prompt: string): Promise<T> {
    const body = {
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: MAX_TOKENS,
      temperature: 0,
      system,
      messages: [{ role: 'user', content: [{ type: 'text', text: prompt }] }],
      tools: [{ name: tool, description: TOOLS[tool].description, input_schema: toolJsonSchema(tool) }],
      tool_choice: { type: 'tool', name: tool },
    };
    let raw: Uint8Array | undefined;
    try {
      const out = await this.client.send(
        new InvokeModelCommand({
          modelId: this.modelId,
          contentType: 'application/json',
          accept: 'application/json',
          body: JSON.stringify(body),
        }),
      );
      raw = out.body;
    } catch (err) {
      throw mapBedrockError(err);
    }
    let parsed: { content?: { type: string; name?: string; input?: unknown }[] };
    try {
      parsed = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      throw new ProviderUnavailable('malformed_output', `bedrock ${tool}: reply body is not JSON`);
    }
    const use = parsed.content?.find((c) => c.type === 'tool_use' && c.name === tool);
    if (!use) throw new ProviderUnavailable('malformed_output', `bedrock ${tool}: no tool_use in the reply`);
    return validate<T>(tool, use.input);
  }
}
