// How the sidebar writes counts and credits: thousands separators whatever the browser's language,
// and a count of credits with a half says where the half comes from.
import { halves, thousands } from '../../sidebar/numbers';

it('writes counts with thousands separators', () => {
  expect(thousands(50000)).toBe('50,000');
  expect(thousands(4.5)).toBe('4.5');
  expect(thousands(0)).toBe('0');
});

it('says why a count of credits has a half, and only then', () => {
  expect(`${thousands(4.5)} credits${halves(4.5)}`).toBe('4.5 credits (0.5 for each person found)');
  expect(halves(12)).toBe('');
  expect(halves(0)).toBe('');
});
