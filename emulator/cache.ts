// CacheService: user, document and script caches on the virtual clock, with Apps Script's limits
// (100 KB values, 250-character keys, 6 hours at most) and eviction of the oldest entries.
import { GasError, Messages } from './errors';
import type { Runtime } from './runtime';
import type { Shape } from './shape';

export const MAX_CACHE_VALUE_BYTES = 100 * 1024;
export const MAX_CACHE_KEY_LENGTH = 250;
export const MAX_EXPIRATION_SECONDS = 6 * 60 * 60;
const DEFAULT_EXPIRATION_SECONDS = 600;
/** Entries a cache keeps before it evicts the oldest (Apps Script evicts under pressure too). */
const CACHE_CAPACITY = 1000;

interface Entry {
  value: string;
  /**
   * When it was put. An entry is not seen before then: custom-function cells that Sheets runs
   * side by side start at one moment on a clock set back for each, and none of them sees what
   * the others put after that moment. On a clock that only moves forward this changes nothing.
   */
  putAt: number;
  expiresAt: number;
}

export class CacheStore {
  readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  get(key: string): string | null {
    const e = this.entries.get(key);
    if (!e || e.putAt > this.now()) return null;
    if (e.expiresAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return e.value;
  }

  put(key: string, value: string, seconds: number): void {
    this.entries.delete(key);
    const ttl = Math.min(Math.max(seconds, 1), MAX_EXPIRATION_SECONDS);
    this.entries.set(key, { value, putAt: this.now(), expiresAt: this.now() + ttl * 1000 });
    while (this.entries.size > CACHE_CAPACITY) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Drops everything, as Apps Script may at any time. */
  evictAll(): void {
    this.entries.clear();
  }
}

export class CacheStores {
  private stores = new Map<string, CacheStore>();

  constructor(private readonly now: () => number) {}

  get(scope: 'user' | 'document' | 'script', id = ''): CacheStore {
    const key = `${scope}:${id}`;
    let s = this.stores.get(key);
    if (!s) {
      s = new CacheStore(this.now);
      this.stores.set(key, s);
    }
    return s;
  }

  evictAll(): void {
    for (const s of this.stores.values()) s.evictAll();
  }
}

function checkKey(key: string): string {
  const k = String(key);
  if (k.length > MAX_CACHE_KEY_LENGTH) throw new GasError(Messages.cacheKeyTooLarge);
  return k;
}

function checkValue(value: string): string {
  const v = String(value);
  if (Buffer.byteLength(v, 'utf8') > MAX_CACHE_VALUE_BYTES) throw new GasError(Messages.cacheValueTooLarge);
  return v;
}

type CacheApi = Shape<GoogleAppsScript.Cache.Cache, 'get' | 'getAll' | 'put' | 'putAll' | 'remove' | 'removeAll'>;

export class FakeCache implements CacheApi {
  static readonly kind = 'CacheService.Cache';

  constructor(private readonly store: CacheStore) {}

  get(key: string): string | null {
    return this.store.get(checkKey(key));
  }

  getAll(keys: string[]): { [key: string]: string } {
    const out: Record<string, string> = {};
    for (const k of keys) {
      const v = this.store.get(checkKey(k));
      if (v !== null) out[k] = v;
    }
    return out;
  }

  put(key: string, value: string, expirationInSeconds?: number): void {
    this.store.put(checkKey(key), checkValue(value), expirationInSeconds ?? DEFAULT_EXPIRATION_SECONDS);
  }

  putAll(values: { [key: string]: string }, expirationInSeconds?: number): void {
    const entries = Object.entries(values).map(([k, v]) => [checkKey(k), checkValue(v)] as const);
    for (const [k, v] of entries) this.store.put(k, v, expirationInSeconds ?? DEFAULT_EXPIRATION_SECONDS);
  }

  remove(key: string): void {
    this.store.entries.delete(checkKey(key));
  }

  removeAll(keys: string[]): void {
    for (const k of keys) this.store.entries.delete(checkKey(k));
  }
}

export class FakeCacheService {
  static readonly kind = 'CacheService';

  constructor(
    private readonly stores: CacheStores,
    private readonly runtime: Runtime,
  ) {}

  getUserCache(): FakeCache {
    return new FakeCache(this.stores.get('user', this.runtime.exec().user));
  }

  /** Null with no containing document (a trigger run with no active spreadsheet), or as getDocumentLock. */
  getDocumentCache(): FakeCache | null {
    const exec = this.runtime.exec();
    return exec.documentServices ? new FakeCache(this.stores.get('document', exec.spreadsheetId)) : null;
  }

  getScriptCache(): FakeCache {
    return new FakeCache(this.stores.get('script'));
  }
}
