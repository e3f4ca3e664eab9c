// Jest's TypeScript transform: esbuild strips the types, file by file (`npm run typecheck` checks
// them), so a fresh clone's first run spends little on transpiling. Strict mode and class fields
// as TypeScript emits them for ES2022.
const { transformSync } = require('esbuild');
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { version } = require('esbuild/package.json');

/** Cached results are keyed by esbuild's version and this file's own text too. */
const SALT = `${version}\0${readFileSync(__filename, 'utf8')}`;

/** @type {import('@jest/transform').SyncTransformer} */
module.exports = {
  canInstrument: false,
  getCacheKey(source, filename) {
    return createHash('sha1').update(`${SALT}\0${filename}\0${source}`).digest('hex');
  },
  process(source, filename) {
    const { code, map } = transformSync(source, {
      loader: 'ts',
      format: 'cjs',
      target: 'node20',
      sourcemap: 'external',
      sourcefile: filename,
      tsconfigRaw: { compilerOptions: { alwaysStrict: true, useDefineForClassFields: true, verbatimModuleSyntax: false } },
    });
    return { code, map };
  },
};
