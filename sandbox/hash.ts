// Deterministic hashing and pseudo-random draws: every synthetic value is a function of the
// service seed and an input string, so the same input gives the same answer across restarts.

// Bound once: a global looked up on every call is slow where modules run in a sandboxed
// context (test runners), and this is the innermost loop of the synthetic world.
const imul = Math.imul;
const floor = Math.floor;

/** 128 bits of hash from a string (cyrb128), as four unsigned 32-bit words. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ imul(h1 ^ k, 597399067);
    h2 = h3 ^ imul(h2 ^ k, 2869860233);
    h3 = h4 ^ imul(h3 ^ k, 951274213);
    h4 = h1 ^ imul(h4 ^ k, 2716044179);
  }
  h1 = imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A number in [0, 1) from the seed and some parts, without a generator. */
export function unit(seed: number, ...parts: Array<string | number>): number {
  return hash128(`${seed}|${parts.join('|')}`)[0] / 4294967296;
}

const HEX = '0123456789abcdef';

/** The 8 lower-case hex digits of a 32-bit word (as `toString(16)` padded, without its general radix conversion). */
function hex8(n: number): string {
  return (
    HEX[(n >>> 28) & 15]! +
    HEX[(n >>> 24) & 15]! +
    HEX[(n >>> 20) & 15]! +
    HEX[(n >>> 16) & 15]! +
    HEX[(n >>> 12) & 15]! +
    HEX[(n >>> 8) & 15]! +
    HEX[(n >>> 4) & 15]! +
    HEX[n & 15]!
  );
}

/** A UUID-shaped id (version 4 and variant bits set) derived from the seed and some parts. */
export function uuidFrom(seed: number, ...parts: Array<string | number>): string {
  const [a, b, c, d] = hash128(`uuid|${seed}|${parts.join('|')}`);
  const h = hex8(a) + hex8(b) + hex8(c) + hex8(d);
  // h[16] is the top hex digit of c.
  const variant = HEX[((c >>> 28) & 0x3) | 0x8]!;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A small fast generator (sfc32) seeded from a hash of the seed and parts. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, ...parts: Array<string | number>) {
    [this.a, this.b, this.c, this.d] = hash128(`rng|${seed}|${parts.join('|')}`);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A number in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer from min to max, both included. */
  int(min: number, max: number): number {
    return min + floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: ReadonlyArray<T>): T {
    const item = items[floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks by weight: entries are [value, weight]. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let x = this.next() * total;
    for (const [value, w] of entries) {
      x -= w;
      if (x < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** Up to n distinct items in a stable shuffled order. */
  sample<T>(items: ReadonlyArray<T>, n: number): T[] {
    const copy = items.slice();
    const out: T[] = [];
    while (out.length < n && copy.length > 0) {
      const i = floor(this.next() * copy.length);
      out.push(copy.splice(i, 1)[0] as T);
    }
    return out;
  }
}
