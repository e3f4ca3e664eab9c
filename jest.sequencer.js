// The order test files start in: longest first, so that the two workers end together instead of
// one finishing the last long file alone. A fresh clone has no timings kept yet, so the long files
// are named here with what they took (seconds of processor time, each file run alone on a 2-core
// machine, or scaled from an earlier two-worker timing where not measured again; only the order
// matters). The rest follow in jest's own order (failed first, then slowest known, then largest).
const Sequencer = require('@jest/test-sequencer').default;

const LONG = [
  [/chaos[\\/]lives\./, 90],
  [/chaos[\\/]year\./, 60],
  [/custom-function-scale\.e2e/, 53],
  [/lasting\.e2e/, 53],
  [/chaos[\\/]campaign/, 42],
  [/three-days\.e2e/, 42],
  [/scale[\\/]paced[\\/]company\./, 36],
  [/scale[\\/]paced[\\/]person\./, 35],
  [/sidebar-reopen\.browser/, 32],
  [/grid-navigation\.browser/, 32],
  [/browser[\\/]sidebar\.test/, 31],
  [/decision-in-view\.browser/, 31],
  [/playground[\\/]jobs-live\.browser/, 30],
  [/bench-quick/, 29],
  [/types[\\/]typecheck\.test/, 28],
  [/scale[\\/]refused[\\/]person\./, 28],
  [/large-job\.browser/, 26],
  [/grid-editing\.browser/, 26],
  [/sort-while-running\.browser/, 23],
  [/scale[\\/]refused[\\/]company\./, 22],
  [/scale[\\/]paced[\\/]lead-list\./, 20],
  [/browser[\\/]automation\.test/, 20],
  [/demo-keys\.browser/, 19],
  [/addon[\\/]search\.e2e/, 18],
  [/lead-list\.browser/, 17],
  [/playground[\\/]find\.browser/, 17],
  [/scale[\\/]paced[\\/]email\./, 16],
  [/unknowables[\\/]menu-start/, 16],
  [/unknowables[\\/]formulas-without/, 15],
  [/formula\.browser/, 13],
  [/scale[\\/]refused[\\/]lead-list\./, 13],
  [/menu-run\.browser/, 10],
  [/scale[\\/]refused[\\/]email\./, 9],
  [/scale[\\/]hourly\./, 8],
];

function weight(path) {
  const hit = LONG.find(([pattern]) => pattern.test(path));
  return hit ? hit[1] : 0;
}

class LongestFirst extends Sequencer {
  sort(tests) {
    // Array.prototype.sort is stable: files of equal weight keep jest's order.
    return super.sort(tests).sort((a, b) => weight(b.path) - weight(a.path));
  }
}

module.exports = LongestFirst;
