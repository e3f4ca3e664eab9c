// The import rules of the house, checked by `npm run lint` (dependency-cruiser): the add-on's layers
// point one way, nothing in src/ reaches tooling, tools meet only at each other's front door, no cycles.
const { SRC_LAYERS, FEATURES, ENTRY } = require('./scripts/src-plan.cjs');
/** Every folder of src/ on the plan: a module anywhere else in src/ is refused. */
const PLANNED = `^src/(${[...SRC_LAYERS, ...FEATURES, ...ENTRY].join('|')})/|^src/(main|config)\\.ts$`;
const TOOLS = ['emulator', 'sandbox', 'playground', 'bench', 'demo', 'world', 'toolkit', 'scripts', 'sidebar'];

/** `src/<layer>` may import only the layers listed before it. */
function layerRules() {
  return SRC_LAYERS.map((layer, i) => ({
    name: `src-${layer}-layer`,
    comment: `src/${layer} imports only ${['contract', ...SRC_LAYERS.slice(0, i)].join(', ')} and itself (${SRC_LAYERS.join(' <- ')} <- features <- addon)`,
    severity: 'error',
    from: { path: `^src/${layer}/` },
    to: { path: `^src/(${[...SRC_LAYERS.slice(i + 1), ...FEATURES, ...ENTRY, 'main'].join('|')})` },
  }));
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one: split what both need into a module of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules(),
    {
      name: 'base-stands-alone',
      comment: 'src/base holds what every layer shares: it imports nothing of src/ (not even config.ts), so any layer may import it.',
      severity: 'error',
      from: { path: '^src/base/' },
      to: { path: '^src/', pathNot: '^src/base/' },
    },
    {
      name: 'src-on-the-plan',
      comment: 'Every folder of src/ is a layer, a feature or the entry surface (scripts/src-plan.cjs): add a new one to the plan.',
      severity: 'error',
      from: { path: '^src/', pathNot: PLANNED },
      to: {},
    },
    {
      name: 'src-imports-only-the-plan',
      comment: 'A module of src/ outside the plan is imported by nobody: add its folder to scripts/src-plan.cjs.',
      severity: 'error',
      from: {},
      to: { path: '^src/', pathNot: PLANNED },
    },
    {
      name: 'features-stand-alone',
      comment: 'A feature (formulas, tools, runs) builds on the layers, never on another feature or the entry surface.',
      severity: 'error',
      from: { path: `^src/(${FEATURES.join('|')})/` },
      to: { path: `^src/(addon|main)`, pathNot: '^src/$1/' },
    },
    {
      name: 'features-not-each-other',
      severity: 'error',
      from: { path: `^src/(${FEATURES.join('|')})/` },
      to: { path: `^src/(${FEATURES.join('|')})/`, pathNot: '^src/$1/' },
    },
    {
      name: 'src-imports-no-tooling',
      comment: 'The bundle is the product: src/ imports only src/, the shared contract and npm packages.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(?!src/|contract/|node_modules/)' },
    },
    {
      name: 'contract-stands-alone',
      comment: 'What the spec fixes imports nothing of the repository.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(?!contract/|node_modules/)' },
    },
    {
      name: 'toolkit-stands-alone',
      comment: 'Shared development helpers import nothing of the repository.',
      severity: 'error',
      from: { path: '^toolkit/' },
      to: { path: '^(?!toolkit/|node_modules/)', dependencyTypesNot: ['core'] },
    },
    {
      name: 'service-and-host-apart',
      comment: 'The local service and the local host never import each other, nor what is built on them.',
      severity: 'error',
      from: { path: '^(emulator|sandbox)/' },
      to: { path: '^(src|emulator|sandbox|playground|bench|demo|world|scripts|sidebar)/', pathNot: '^$1/' },
    },
    {
      name: 'tools-meet-at-the-front-door',
      comment: "A tool imports another tool only through its index.ts (the host's, the service's, the world's).",
      severity: 'error',
      from: { path: `^(${TOOLS.join('|')})/` },
      to: {
        path: `^(${TOOLS.filter((t) => t !== 'toolkit' && t !== 'scripts').join('|')})/`,
        pathNot: ['^$1/', '^(emulator|sandbox|world)/index\\.ts$'],
      },
    },
    {
      name: 'sidebar-sees-only-types',
      comment: 'The sidebar bundle gets no server code: only the types of what google.script.run answers.',
      severity: 'error',
      from: { path: '^sidebar/' },
      to: { path: '^src/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'nothing-imports-tests',
      severity: 'error',
      from: { pathNot: '^test/' },
      to: { path: '^test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|out)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
