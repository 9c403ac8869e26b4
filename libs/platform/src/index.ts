export * from './config';
export * from './errors';
export * from './redis';
export * from './budget';
export * from './hop-client';
export * from './in-process-hop-client';
export * from './bullmq-server';
export * from './hop-handler';
