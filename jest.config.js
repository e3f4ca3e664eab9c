// Jest runs the TypeScript tests through esbuild, transpiling only (`npm run typecheck` checks types).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': '<rootDir>/jest.transform.js',
  },
  testTimeout: 60000,
  // Both cores: the slow files (50,000-row runs, the chaos campaign, the browser) are CPU-bound
  // and independent, one file per worker.
  maxWorkers: 2,
  testSequencer: '<rootDir>/jest.sequencer.js',
};
