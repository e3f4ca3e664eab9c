// A large sheet of prospects made up on the spot, to watch a long job run to its end: names,
// emails, companies and websites whose answers from the local service are known and varied.

const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Ema', 'Finn', 'Gia', 'Hugo', 'Ines', 'Jon', 'Kai', 'Lea'];
const LAST = ['Moreau', 'Okafor', 'Silva', 'Tanaka', 'Novak', 'Reyes', 'Berg', 'Quinn', 'Haas', 'Lund'];
/** Mostly companies that are found, a few that are not (`notfound…`). */
const COMPANY = (k: number) => (k % 23 === 0 ? `notfound-co${k % 311}` : `firm${k % 1999}`);

const LARGE_HEADER = ['First name', 'Last name', 'Email', 'Company', 'Website'];

/** `count` rows under the header, the same every time. */
export function largeSheet(count: number): string[][] {
  const rows: string[][] = [LARGE_HEADER];
  for (let k = 0; k < count; k++) {
    const first = FIRST[k % FIRST.length]!;
    const last = LAST[Math.floor(k / FIRST.length) % LAST.length]!;
    const company = COMPANY(k);
    rows.push([
      first,
      last,
      `${first}.${last}${k}@${company}.com`.toLowerCase(),
      `${company[0]!.toUpperCase()}${company.slice(1)}`,
      `https://www.${company}.com`,
    ]);
  }
  return rows;
}
