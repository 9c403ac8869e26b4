export * from './providers';
export * from './hash-embedder';
export * from './stub/stub-understander';
export * from './stub/stub-generator';
export * from './stub/stub-verifier';
export * from './bedrock';
export * from './factory';
