// The same fake the tests use (tests and benchmarks only; not part of libs/llm's exports).
export * from '../../../libs/llm/src/testing/fake-bedrock';
