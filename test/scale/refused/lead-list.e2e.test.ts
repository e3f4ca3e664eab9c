// 50,000 rows of lead_list with the service refusing starts past its hourly allowance. One action a
// file, so the eight 50,000-row runs spread over the test workers.
import { scaleOf, runAtScale } from '../scale-world';

test(
  '50,000 rows of lead_list finish within 3.7 hours while the service refuses starts past the allowance',
  () => runAtScale('refuse', scaleOf('lead_list')),
  600000,
);
