export * from '../../libs/llm/src/testing/fake-bedrock';
