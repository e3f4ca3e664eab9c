// 50,000 rows of each action with the service pacing its usage limits (its default).
import { ACTIONS, runAtScale } from './scale-world';

test.each(ACTIONS)('50,000 rows of $action finish within 3.7 hours while the service paces', (scale) => runAtScale('pace', scale), 600000);
