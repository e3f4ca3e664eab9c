// Jest runs TypeScript tests through swc (transpile only; `npm run typecheck` checks types).
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] },
  transformIgnorePatterns: ['/node_modules/(?!zod)'],
  testTimeout: 60000,
};
