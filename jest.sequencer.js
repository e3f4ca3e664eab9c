// The order test files start in: the long ones (50,000-row runs, the chaos campaign, the browser
// tests) first, so that on a fresh clone, with no timings kept yet, they do not end up last on
// one worker. Within each group, jest's own order (failed first, then slowest, then largest).
const Sequencer = require('@jest/test-sequencer').default;

const LONG = /[\\/]test[\\/](scale|chaos|browser|playground)[\\/]|lasting\.e2e|custom-function-scale/;

class LongFirst extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    return [...ordered.filter((t) => LONG.test(t.path)), ...ordered.filter((t) => !LONG.test(t.path))];
  }
}

module.exports = LongFirst;
