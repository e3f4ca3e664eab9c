// The plan of src/: its layers in the order they may import, its features, and its entry surface.
// The import rules (.dependency-cruiser.cjs), the architecture's graphs (scripts/architecture.ts)
// and test/architecture/src-plan.test.ts read it, so a folder left off the plan fails the lint.

/**
 * `src/<layer>` imports only the layers before it: base <- api <- sheet <- jobs <- automation <- gas.
 * `base` holds the helpers every layer shares and so imports nothing of src/.
 */
const SRC_LAYERS = ['base', 'api', 'sheet', 'jobs', 'automation', 'gas'];
/** Features build on the layers, never on each other or on the entry surface. */
const FEATURES = ['formulas', 'tools', 'runs'];
/** The entry surface: the menu and the functions the sidebar calls. */
const ENTRY = ['addon'];
/** The files at the top of src/: what Apps Script calls (main.ts) and the one address (config.ts). */
const TOP_FILES = ['main.ts', 'config.ts', 'tsconfig.json'];

module.exports = { SRC_LAYERS, FEATURES, ENTRY, TOP_FILES };
