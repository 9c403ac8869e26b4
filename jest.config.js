// jest runs its tests as CommonJS and cannot load the ESM-only @nestjs packages natively: @swc/jest transforms
// them (and our TypeScript, with decorator metadata — without it Nest injects undefined).
const swcTs = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const swcJs = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];
const aliases = ['contracts', 'agent', 'formulary', 'llm', 'persistence', 'platform', 'ingest'];
const apps = [
  'gateway',
  'orchestrator',
  'understanding-worker',
  'retrieval-worker',
  'generation-worker',
  'verification-worker',
  'pdf-book',
];
const moduleNameMapper = Object.fromEntries([
  ...aliases.map((l) => [`^@app/${l}$`, `<rootDir>/libs/${l}/src`]),
  ...apps.map((a) => [`^@app/${a}$`, `<rootDir>/apps/${a}/src`]),
]);
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTs, '^.+\\.m?js$': swcJs },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|pdfjs-dist)/)'],
  setupFiles: ['reflect-metadata'],
  moduleNameMapper,
  moduleFileExtensions: ['ts', 'js', 'json'],
};
module.exports = {
  // e2e turns with a deliberately slow fake Bedrock take seconds
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/libs/**/*.spec.ts',
        '<rootDir>/apps/**/*.spec.ts',
        '<rootDir>/test/deploy/**/*.spec.ts',
        '<rootDir>/test/quality/**/*.spec.ts',
        '<rootDir>/test/invariants/**/*.spec.ts',
        '<rootDir>/test/adapter/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'reliability',
      testMatch: ['<rootDir>/test/reliability/**/*.rel-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'eval',
      testMatch: ['<rootDir>/test/eval/**/*.eval-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
