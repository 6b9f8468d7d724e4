/** Unit tests live beside the code; integration and end-to-end tests under test/. */
const tsJest = ['ts-jest', { isolatedModules: true, diagnostics: false }];
// `marked` ships as an ES module only; jest (CommonJS) loads its UMD build instead.
const moduleNameMapper = { '^marked$': '<rootDir>/node_modules/marked/lib/marked.umd.js' };

/** @type {import('jest').Config} */
module.exports = {
  // Global only: jest ignores testTimeout inside a project. End-to-end tests start real processes.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
    },
    {
      // Fault and load tests (`npm run test:faults`): bounded in count and time, run by CI too.
      displayName: 'faults',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.fault-spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
    },
  ],
};
