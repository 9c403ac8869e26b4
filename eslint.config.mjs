import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** What a pure lib may not import: frameworks, drivers, and the libs that wrap them. */
const FRAMEWORK_AND_IO = [
  '@nestjs/*',
  'typeorm',
  'pg',
  'ioredis',
  'bullmq',
  '@app/persistence',
  '@app/platform',
  '@app/llm',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'bench/results/**',
      'eval/results/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['../../libs/*', '../../../libs/*'], message: 'import libs through their @app/* alias' }],
        },
      ],
    },
  },
  {
    // tests and benchmarks may reach a lib's test helpers directly
    files: ['test/**/*.ts', 'apps/bench/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // pure decision logic: no Nest, no I/O
    files: ['libs/agent/src/**/*.ts', 'libs/contracts/src/**/*.ts', 'libs/formulary/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FRAMEWORK_AND_IO,
              message: 'pure libs import no framework and no I/O',
            },
          ],
        },
      ],
    },
  },
  {
    // model providers: contracts in, contracts out; no app infrastructure (config, queues, database)
    files: ['libs/llm/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', '@app/platform', '@app/persistence', '@app/agent'],
              message: 'libs/llm depends on libs/contracts and libs/formulary only',
            },
            { group: ['../../libs/*', '../../../libs/*'], message: 'import libs through their @app/* alias' },
          ],
        },
      ],
    },
  },
  {
    // the PDF pipeline's steps are pure functions over bytes and text: only the CLI reads and writes files
    files: ['libs/ingest/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...FRAMEWORK_AND_IO, 'node:fs', 'fs', 'node:fs/*', 'node:child_process'],
              message: 'libs/ingest touches no disk, no database and no framework: the CLI does',
            },
          ],
        },
      ],
    },
  },
);
