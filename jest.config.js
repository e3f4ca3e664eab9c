// Jest runs TypeScript tests through ts-jest, transpiling only (`npm run typecheck` checks types).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.node.json', diagnostics: false }],
  },
  testTimeout: 60000,
};
