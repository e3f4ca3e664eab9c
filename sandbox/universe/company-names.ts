// A company's name read from its domain's first label, split into the words of the universe's
// word lists: "pioneerfreight" is "Pioneer Freight", "harbor-logistics" is "Harbor Logistics".
import { Lru } from './cache';
import { NAME_STEMS, NAME_SUFFIXES, NAME_WORDS } from './words';

// Bound once: under a test runner this module runs in a vm context, where each read of a global
// is slow, and the universe draws numbers for every record it builds.
const math = Math;

/** Each known word (lower case) with how a name writes it. */
const KNOWN = new Map<string, string>();
for (const w of NAME_WORDS) KNOWN.set(w, capitalize(w));
for (const w of NAME_SUFFIXES) KNOWN.set(w, w === 'ai' ? 'AI' : capitalize(w));
for (const w of NAME_STEMS) KNOWN.set(w.toLowerCase(), w);
const LONGEST = math.max(...[...KNOWN.keys()].map((w) => w.length));

/** An unknown part at the front of a name is kept as one word only when it is at least this long. */
const MIN_UNKNOWN_HEAD = 3;

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** An unknown word: capitalized; one or two letters read as initials ("ab-testing" is "AB Testing"). */
function unknownWord(word: string): string {
  return word.length <= 2 ? word.toUpperCase() : capitalize(word);
}

/**
 * For every position of `run`, the fewest known words that make up the rest of it exactly
 * (Infinity when none do), and the word to take there; the longest word wins a tie.
 */
function splits(run: string): { count: number[]; next: number[] } {
  const count = new Array<number>(run.length + 1).fill(Infinity);
  const next = new Array<number>(run.length + 1).fill(-1);
  count[run.length] = 0;
  for (let i = run.length - 1; i >= 0; i--) {
    for (let j = math.min(run.length, i + LONGEST); j > i; j--) {
      const rest = count[j]!;
      if (rest + 1 < count[i]! && KNOWN.has(run.slice(i, j))) {
        count[i] = rest + 1;
        next[i] = j;
      }
    }
  }
  return { count, next };
}

function wordsFrom(run: string, next: number[], from: number): string[] {
  const out: string[] = [];
  for (let i = from; i < run.length; i = next[i]!) out.push(KNOWN.get(run.slice(i, next[i])) ?? unknownWord(run.slice(i, next[i])));
  return out;
}

/**
 * The words of a run of letters: all known words when it splits into them (fewest words);
 * else an unknown first word followed by the known words that end it ("acmerobotics" is Acme
 * Robotics, "northwindanalytics" Northwind Analytics); else one capitalized word.
 */
function letterWords(run: string): string[] {
  const { count, next } = splits(run);
  if (count[0] !== Infinity) return wordsFrom(run, next, 0);
  for (let head = MIN_UNKNOWN_HEAD; head < run.length; head++) {
    if (count[head] !== Infinity) return [unknownWord(run.slice(0, head)), ...wordsFrom(run, next, head)];
  }
  return [unknownWord(run)];
}

/** The words of one hyphen-free part: runs of letters split into words, runs of digits kept whole. */
function partWords(part: string): string[] {
  return (part.match(/[0-9]+|[^0-9]+/g) ?? []).flatMap((run) => (/^[0-9]/.test(run) ? [run] : letterWords(run)));
}

const names = new Lru<string, string>(5000);

/**
 * A short label that is not a word reads as initials: up to three characters ("ibm" is IBM,
 * "3m" is 3M), or four with a digit or without a vowel ("hsbc").
 */
function isInitials(label: string): boolean {
  if (KNOWN.has(label)) return false;
  return /^[a-z0-9]{2,3}$/.test(label) || (/^[a-z0-9]{4}$/.test(label) && (/[0-9]/.test(label) || !/[aeiouy]/.test(label)));
}

/** The name a domain label reads as: hyphens separate words, and each part is split into known words. */
export function readableName(label: string): string {
  return names.get(label, () => {
    const lower = label.toLowerCase();
    if (isInitials(lower)) return lower.toUpperCase();
    return lower.split('-').filter(Boolean).flatMap(partWords).join(' ');
  });
}
