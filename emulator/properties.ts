// PropertiesService: user (per user), document (per spreadsheet) and script stores, with Apps
// Script's limits of 9 KB per value and 500 KB per store; every call on a store counts toward
// the daily property quota. What a custom function may do with each: custom-function-properties.ts.
import { documentStoreAvailable, writeRefusal } from './custom-function-properties';
import type { CustomFunctionDocumentProperties } from './unknowables';
import { GasError, Messages } from './errors';
import type { Execution } from './execution';
import type { Runtime } from './runtime';
import type { Shape } from './shape';

export const MAX_VALUE_BYTES = 9 * 1024;
export const MAX_STORE_BYTES = 500 * 1024;

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** One property store's contents. */
export class PropertyStore {
  readonly values = new Map<string, string>();

  size(): number {
    let n = 0;
    for (const [k, v] of this.values) n += bytes(k) + bytes(v);
    return n;
  }

  /** Applies `changes` only if every value and the resulting store fit the limits. */
  write(changes: Record<string, string>, deleteOthers = false): void {
    for (const v of Object.values(changes)) if (bytes(v) > MAX_VALUE_BYTES) throw new GasError(Messages.propertyValueTooLarge);
    const next = new Map(deleteOthers ? [] : this.values);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    let total = 0;
    for (const [k, v] of next) total += bytes(k) + bytes(v);
    if (total > MAX_STORE_BYTES) throw new GasError(Messages.propertyStoreFull);
    this.values.clear();
    for (const [k, v] of next) this.values.set(k, v);
  }
}

/** All stores of the host, by scope. */
export class PropertyStores {
  private stores = new Map<string, PropertyStore>();

  get(scope: 'user' | 'document' | 'script', id = ''): PropertyStore {
    const key = `${scope}:${id}`;
    let s = this.stores.get(key);
    if (!s) {
      s = new PropertyStore();
      this.stores.set(key, s);
    }
    return s;
  }
}

type PropertiesApi = Shape<
  GoogleAppsScript.Properties.Properties,
  'getProperty' | 'setProperty' | 'setProperties' | 'getProperties' | 'deleteProperty' | 'deleteAllProperties' | 'getKeys'
>;

export class FakeProperties implements PropertiesApi {
  static readonly kind = 'PropertiesService.Properties';

  constructor(
    private readonly store: PropertyStore,
    /** Counts one call toward the daily quota, or throws when the day's quota is spent. */
    private readonly charge: () => void,
    /** Why this execution may not write the store, if it may not. */
    private readonly refusal?: string,
  ) {}

  private write(changes: Record<string, string>, deleteOthers = false): void {
    if (this.refusal) throw new GasError(this.refusal);
    this.store.write(changes, deleteOthers);
  }

  getProperty(key: string): string | null {
    this.charge();
    return this.store.values.get(String(key)) ?? null;
  }

  setProperty(key: string, value: string): this {
    this.charge();
    this.write({ [String(key)]: String(value) });
    return this;
  }

  setProperties(properties: { [key: string]: string }, deleteAllOthers?: boolean): this {
    this.charge();
    const changes: Record<string, string> = {};
    for (const [k, v] of Object.entries(properties)) changes[k] = String(v);
    this.write(changes, deleteAllOthers === true);
    return this;
  }

  getProperties(): { [key: string]: string } {
    this.charge();
    return Object.fromEntries(this.store.values);
  }

  getKeys(): string[] {
    this.charge();
    return [...this.store.values.keys()];
  }

  deleteProperty(key: string): this {
    this.charge();
    if (this.refusal) throw new GasError(this.refusal);
    this.store.values.delete(String(key));
    return this;
  }

  deleteAllProperties(): this {
    this.charge();
    if (this.refusal) throw new GasError(this.refusal);
    this.store.values.clear();
    return this;
  }
}

export class FakePropertiesService {
  static readonly kind = 'PropertiesService';

  constructor(
    private readonly stores: PropertyStores,
    private readonly runtime: Runtime,
    /** Whose user properties and quota an execution uses: for a custom function, the spreadsheet's owner. */
    private readonly quotaUser: (exec: Execution) => string,
    /** Counts property calls against a user's daily quota. */
    private readonly charge: (user: string) => void,
    /** What custom functions get of the document's store (see custom-function-properties.ts). */
    private readonly policy: () => CustomFunctionDocumentProperties = () => 'read-write',
  ) {}

  private _open(scope: 'user' | 'document' | 'script', id?: string): FakeProperties {
    const exec = this.runtime.exec();
    // A custom function spends, and reads the user store of, the spreadsheet's owner.
    const user = this.quotaUser(exec);
    return new FakeProperties(this.stores.get(scope, id), () => this.charge(user), writeRefusal(exec, scope, user, this.policy()));
  }

  getUserProperties(): FakeProperties {
    return this._open('user', this.quotaUser(this.runtime.exec()));
  }

  /** Null with no containing document, as Apps Script documents (a trigger run with no active spreadsheet). */
  getDocumentProperties(): FakeProperties | null {
    const exec = this.runtime.exec();
    return documentStoreAvailable(exec, this.policy()) ? this._open('document', exec.spreadsheetId) : null;
  }

  getScriptProperties(): FakeProperties {
    return this._open('script');
  }
}
