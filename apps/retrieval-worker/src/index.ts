export * from './retrieval-worker.module';
export * from './retrieval.service';
