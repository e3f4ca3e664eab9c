// Jest runs the TypeScript tests through esbuild, transpiling only (`npm run typecheck` checks types).
// Two projects: `kind` runs every test file with the host's defaults; `unkind` runs the files
// whose behaviour leans on a reading of Google's silence (triggers, custom functions) a second
// time with every unknowable answered the unkind way (emulator/unknowables.ts).
const base = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: {
    '^.+\\.ts$': '<rootDir>/jest.transform.js',
  },
};

/** Files run under both answers: they exercise triggers and custom functions, not the 50,000-row scale. */
const UNDER_BOTH = [
  'test/addon/custom-functions.e2e.test.ts',
  'test/addon/custom-function-faults.e2e.test.ts',
  'test/addon/formula-refresh.e2e.test.ts',
  'test/addon/search-trigger.e2e.test.ts',
  'test/addon/job-lives.e2e.test.ts',
  'test/automation/lives.e2e.test.ts',
  'test/automation/more-lives.e2e.test.ts',
  'test/automation/three-days.e2e.test.ts',
  'test/automation/silent-stop.e2e.test.ts',
  'test/automation/paid-once.e2e.test.ts',
  'test/automation/unsure-retry.e2e.test.ts',
  'test/addon/paused-rerun.e2e.test.ts',
  'test/addon/reused-answers.e2e.test.ts',
];

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    { ...base, displayName: 'kind', testMatch: ['**/*.test.ts'] },
    {
      ...base,
      displayName: 'unkind',
      testMatch: UNDER_BOTH.map((f) => `<rootDir>/${f}`),
      setupFiles: ['<rootDir>/test/support/unkind-answers.ts'],
    },
  ],
  testTimeout: 60000,
  // Both cores: the slow files (50,000-row runs, the chaos campaign, the browser) are CPU-bound
  // and independent, one file per worker.
  maxWorkers: 2,
  testSequencer: '<rootDir>/jest.sequencer.js',
};
