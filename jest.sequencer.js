// The order test files start in: longest first, so that the two workers end together instead of
// one finishing the last long file alone. A fresh clone has no timings kept yet, so the long files
// are named here with what they took (seconds, two workers on a 2-core machine; only the order
// matters). The rest follow in jest's own order (failed first, then slowest known, then largest).
const Sequencer = require('@jest/test-sequencer').default;

const LONG = [
  [/scale[\\/]paced[\\/]company\./, 46],
  [/large-job\.browser/, 26],
  [/browser[\\/]sidebar\.test/, 31],
  [/sidebar-reopen\.browser/, 32],
  [/grid-navigation\.browser/, 32],
  [/decision-in-view\.browser/, 31],
  [/playground[\\/]jobs-live\.browser/, 30],
  [/grid-editing\.browser/, 26],
  [/scale[\\/]paced[\\/]person\./, 38],
  [/scale[\\/]refused[\\/]person\./, 30],
  [/types[\\/]typecheck\.test/, 30],
  [/scale[\\/]refused[\\/]company\./, 28],
  [/scale[\\/]paced[\\/]lead-list\./, 26],
  [/chaos[\\/]lives\./, 38],
  [/chaos[\\/]year\./, 60],
  [/lasting\.e2e/, 26],
  [/custom-function-scale\.e2e/, 23],
  [/sort-while-running\.browser/, 23],
  [/browser[\\/]automation\.test/, 20],
  [/demo-keys\.browser/, 19],
  [/lead-list\.browser/, 17],
  [/playground[\\/]find\.browser/, 17],
  [/scale[\\/]paced[\\/]email\./, 20],
  [/scale[\\/]refused[\\/]lead-list\./, 17],
  [/chaos[\\/]campaign/, 24],
  [/formula\.browser/, 13],
  [/scale[\\/]refused[\\/]email\./, 12],
  [/menu-run\.browser/, 10],
  [/scale[\\/]hourly\./, 10],
  [/unknowables[\\/]menu-start/, 16],
  [/unknowables[\\/]formulas-without/, 15],
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
