export * from './generation-worker.module';
export * from './generation.service';
