// 50,000 rows of email with the service pacing its usage limits (its default). One action a file,
// so the eight 50,000-row runs spread over the test workers.
import { scaleOf, runAtScale } from '../scale-world';

test('50,000 rows of email finish within 3.7 hours while the service paces', () => runAtScale('pace', scaleOf('email')), 600000);
