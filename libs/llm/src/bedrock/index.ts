export * from './client';
export * from './tools';
export * from './prompts';
export * from './tool-caller';
export * from './bedrock-provider';
export * from './embedders';
