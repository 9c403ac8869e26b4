export * from './book';
export * from './expected';
export * from './render';
export * from './typeset';
export * from './synthetic';
export * from './score';
