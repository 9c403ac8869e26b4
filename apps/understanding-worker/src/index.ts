export * from './understanding-worker.module';
export * from './understanding.service';
