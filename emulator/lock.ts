// LockService: document, user and script locks held by executions. A test can hold a lock from
// "another execution" to prove contention; waiting for a lock spends virtual time. Executions run
// side by side (custom-function cells on a clock set back for each) wait for each other's holds.
import { GasError, HostFailure, Messages } from './errors';
import type { Runtime } from './runtime';
import type { Shape } from './shape';

export type LockScope = 'document' | 'user' | 'script';

interface Holder {
  /** The execution holding the lock, or 0 for one held by the test. */
  executionId: number;
  /** For a lock held by the test: when that other execution lets go, if ever. */
  releaseAt?: number;
}

export class LockTable {
  private holders = new Map<string, Holder>();
  /**
   * When each lock was held, from taking to letting go, on the virtual clock. An execution whose
   * clock was set back (cells that Sheets runs side by side) finds the lock held if another cell
   * held it at that moment, and waits for it as it would have.
   */
  private held = new Map<string, Array<{ from: number; to: number }>>();
  private takenAt = new Map<string, number>();

  key(scope: LockScope, id: string): string {
    return `${scope}:${id}`;
  }

  holder(key: string, now: number): Holder | undefined {
    const h = this.holders.get(key);
    if (h && h.releaseAt !== undefined && h.releaseAt <= now) {
      this.holders.delete(key);
      return undefined;
    }
    if (h) return h;
    const past = this.held.get(key)?.find((span) => span.from <= now && now < span.to);
    return past ? { executionId: -1, releaseAt: past.to } : undefined;
  }

  take(key: string, executionId: number, now: number): void {
    this.holders.set(key, { executionId });
    this.takenAt.set(key, now);
  }

  release(key: string, executionId: number, now: number): void {
    if (this.holders.get(key)?.executionId !== executionId) return;
    this.holders.delete(key);
    const from = this.takenAt.get(key) ?? now;
    if (now > from) (this.held.get(key) ?? this.held.set(key, []).get(key)!).push({ from, to: now });
  }

  /** Apps Script releases an execution's locks when it ends. */
  releaseAllOf(executionId: number, now: number): void {
    for (const [k, h] of this.holders) if (h.executionId === executionId) this.release(k, executionId, now);
  }

  /**
   * Holds a lock as another execution would; it is released by `release()` or at `releaseAt`.
   * A hold that ran out by `now` no longer counts.
   */
  holdExternally(key: string, releaseAt?: number, now = -Infinity): { release(): void } {
    if (this.holder(key, now)) throw new HostFailure(`lock ${key} is already held`);
    const holder: Holder = releaseAt === undefined ? { executionId: 0 } : { executionId: 0, releaseAt };
    this.holders.set(key, holder);
    return {
      release: () => {
        if (this.holders.get(key) === holder) this.holders.delete(key);
      },
    };
  }
}

type LockApi = Shape<GoogleAppsScript.Lock.Lock, 'tryLock' | 'waitLock' | 'releaseLock' | 'hasLock'>;

export class FakeLock implements LockApi {
  static readonly kind = 'LockService.Lock';

  constructor(
    private readonly table: LockTable,
    private readonly runtime: Runtime,
    private readonly key: string,
  ) {}

  tryLock(timeoutInMillis: number, started = this.runtime.clock.now()): boolean {
    const exec = this.runtime.exec();
    const clock = this.runtime.clock;
    const holder = this.table.holder(this.key, clock.now());
    if (!holder || holder.executionId === exec.id) {
      if (!holder) this.table.take(this.key, exec.id, clock.now());
      return true;
    }
    const timeout = Math.max(0, Number(timeoutInMillis) || 0);
    if (holder.releaseAt !== undefined && holder.releaseAt <= clock.now() + timeout) {
      this.runtime.spend('LockService.Lock.tryLock', holder.releaseAt - clock.now());
      // Another side-by-side hold may begin where this one ends: ask again from there.
      if (this.table.holder(this.key, clock.now())) return this.tryLock(Math.max(0, timeout - (clock.now() - started)));
      this.table.take(this.key, exec.id, clock.now());
      return true;
    }
    this.runtime.spend('LockService.Lock.tryLock', timeout);
    return false;
  }

  waitLock(timeoutInMillis: number): void {
    if (!this.tryLock(timeoutInMillis)) throw new GasError(Messages.lockTimeout);
  }

  releaseLock(): void {
    this.table.release(this.key, this.runtime.exec().id, this.runtime.clock.now());
  }

  hasLock(): boolean {
    return this.table.holder(this.key, this.runtime.clock.now())?.executionId === this.runtime.exec().id;
  }
}

export class FakeLockService {
  static readonly kind = 'LockService';

  constructor(
    private readonly table: LockTable,
    private readonly runtime: Runtime,
  ) {}

  /**
   * Null outside a containing document (a trigger run with no active spreadsheet), as Apps Script
   * documents, and in a custom function under the host's customFunctionDocument 'none'.
   */
  getDocumentLock(): FakeLock | null {
    const exec = this.runtime.exec();
    return exec.documentServices ? new FakeLock(this.table, this.runtime, this.table.key('document', exec.spreadsheetId)) : null;
  }

  getUserLock(): FakeLock {
    return new FakeLock(this.table, this.runtime, this.table.key('user', this.runtime.exec().user));
  }

  getScriptLock(): FakeLock {
    return new FakeLock(this.table, this.runtime, this.table.key('script', ''));
  }
}
