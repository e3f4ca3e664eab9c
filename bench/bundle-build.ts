// Builds the add-on's bundle in memory with the options scripts/build.ts uses, optionally with
// full `zod` in place of `zod/mini`, for the bundle comparison. Never writes into dist/.
import { buildCode as buildDistCode } from '../scripts/code-bundle';

/**
 * dist/Code.js as scripts/build.ts makes it. With `fullZod`, every `zod/mini` import is bundled
 * from `zod` (v4's classic API, which also exports the functions the sources call).
 */
export async function buildCode(opts: { fullZod: boolean }): Promise<string> {
  const built = await buildDistCode({ logLevel: 'error', ...(opts.fullZod ? { alias: { 'zod/mini': 'zod' } } : {}) });
  return built.code;
}
