// 50,000 rows of each action with the service refusing starts past its hourly allowance.
import { ACTIONS, runAtScale } from './scale-world';

test.each(ACTIONS)('50,000 rows of $action finish within 3.7 hours while the service refuses starts past the allowance', (scale) => runAtScale('refuse', scale), 600000);
