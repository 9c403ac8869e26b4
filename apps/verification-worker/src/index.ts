export * from './verification-worker.module';
export * from './verification.service';
