export * from './gateway.module';
export * from './configure-app';
export * from './api-keys';
