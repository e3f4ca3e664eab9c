// The hub every service call passes through: the current execution, the deadline check, the
// authorization check, counting, and advancing the virtual clock by the call's cost.
import { checkAccess } from './auth';
import type { VirtualClock } from './clock';
import { callCost } from './cost-model';
import { GasError, HostFailure, Messages } from './errors';
import type { Execution } from './execution';
import type { Realm } from './realm';
import { CallStats } from './stats';

export class Runtime {
  readonly stats = new CallStats();
  private stack: Execution[] = [];

  constructor(readonly clock: VirtualClock) {}

  get current(): Execution | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** The running execution; a service used outside one is a mistake of the test. */
  exec(): Execution {
    const e = this.current;
    if (!e) throw new HostFailure('an Apps Script service was used outside an execution');
    return e;
  }

  enter(exec: Execution): void {
    this.pauseScript();
    this.stack.push(exec);
    this.scriptSince = performance.now();
  }

  /** When the current execution's own code last started running (between service calls). */
  private scriptSince: number | undefined;

  /** Charges the script's own JavaScript time since it last got control. */
  private pauseScript(): void {
    const exec = this.current;
    if (!exec || this.scriptSince === undefined) return;
    const ms = performance.now() - this.scriptSince;
    this.scriptSince = undefined;
    this.stats.addScriptTime(ms);
    exec.calls.addScriptTime(ms);
  }

  leave(exec: Execution): void {
    if (this.current !== exec) throw new HostFailure('executions left out of order');
    this.pauseScript();
    this.stack.pop();
    if (this.current) this.scriptSince = performance.now();
    if (this.clock.now() > exec.deadline) exec.timedOut = true;
  }

  /** Throws the cut-off error once the execution is past its deadline; Apps Script's is uncatchable, so it sticks. */
  checkDeadline(exec: Execution): void {
    if (exec.timedOut || this.clock.now() > exec.deadline) {
      exec.timedOut = true;
      throw new GasError(Messages.timeout);
    }
  }

  /** Network or sleep time spent inside a call, charged to it. */
  spend(name: string, ms: number): void {
    if (ms <= 0) return;
    this.clock.advance(ms);
    this.stats.addTime(name, ms);
    this.current?.calls.addTime(name, ms);
  }

  /** Notes a service global read, which matters while the bundle's top-level code runs. */
  noteGlobal(name: string): void {
    const e = this.current;
    if (e?.loading) e.loadAccesses.push(name);
  }

  invoke(kind: string, method: string, target: object, args: unknown[], realm: Realm): unknown {
    const exec = this.exec();
    const name = `${kind}.${method}`;
    if (exec.loading) exec.loadAccesses.push(name);
    this.pauseScript();
    let cost = 0;
    try {
      this.checkDeadline(exec);
      checkAccess(exec, kind, method);
      const fn = (target as Record<string, unknown>)[method] as (...a: unknown[]) => unknown;
      const result = fn.apply(target, args);
      cost = callCost(name, args, result);
      return result;
    } catch (e) {
      if (e instanceof GasError) throw realm.exception(e.message);
      if (e instanceof HostFailure) exec.failures.push(e);
      throw e;
    } finally {
      this.clock.advance(cost);
      this.stats.record(name, cost);
      exec.calls.record(name, cost);
      this.scriptSince = performance.now();
    }
  }
}
