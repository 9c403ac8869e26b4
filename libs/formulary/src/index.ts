export * from './normalize';
export * from './corpus.schema';
export * from './corpus';
export * from './resolver';
export * from './section-router';
export * from './decide';
export * from './corpus-index';
export * from './retrieve';
