export * from './frame';
export * from './reply';
export * from './evidence';
export * from './hops';
export * from './api';
export * from './errors';
