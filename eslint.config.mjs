// ESLint's rules for the whole repository (`npm run lint`): mistakes that compile but break,
// type-aware where the types tell (floating promises, `any` leaking), formatting left to Prettier.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'out/', 'build/', 'node_modules/', 'bench/naive/', 'coverage/', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./src/tsconfig.json', './tsconfig.node.json', './sidebar/tsconfig.json', './playground/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
      'no-implicit-coercion': 'error',
      'no-console': ['error', { allow: ['log', 'warn', 'error'] }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // Cells, JSON and event fields are `unknown` by design, narrowed to `{}` and turned into
      // text on purpose; no value of ours has a toString of its own to miss.
      '@typescript-eslint/no-base-to-string': 'off',
      // A message shown to a person is a new sentence; the caught error may carry what must not
      // reach the sidebar or a cell, so it is not attached as a cause.
      'preserve-caught-error': 'off',
    },
  },
  {
    // Tests and tooling talk to untyped JSON and to Jest's matchers; unsafe member access there is
    // what a test means to do, but `any` written out and unhandled promises stay errors.
    files: ['test/**', 'sandbox/**', 'emulator/**', 'playground/**', 'bench/**', 'demo/**', 'scripts/**', 'world/**', 'toolkit/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Tests take helpers apart (`const { evaluate } = loadBundle()`); none of them uses `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  prettier,
);
