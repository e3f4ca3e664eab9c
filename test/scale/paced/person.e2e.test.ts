// 50,000 rows of person with the service pacing its usage limits (its default). One action a file,
// so the eight 50,000-row runs spread over the test workers.
import { scaleOf, runAtScale } from '../scale-world';

test('50,000 rows of person finish within 3.7 hours while the service paces', () => runAtScale('pace', scaleOf('person')), 600000);
