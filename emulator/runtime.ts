// The hub every service call passes through: the current execution, the deadline check, the
// authorization check, counting, and advancing the virtual clock by the call's cost and by the
// script's own JavaScript time between calls.
import { checkAccess } from './auth';
import type { VirtualClock } from './clock';
import { callCost } from './cost-model';
import { GasError, HostFailure, Messages } from './errors';
import type { Execution } from './execution';
import type { Realm } from './realm';
import { chargedScriptTime, ScriptStopwatch, type ScriptTimeModel } from './script-time';
import { CallStats } from './stats';

export class Runtime {
  readonly stats = new CallStats();
  private stack: Execution[] = [];
  /** Runs while the current execution's own code runs: loading the bundle, and between service calls. */
  private readonly scriptWatch = new ScriptStopwatch();

  constructor(
    readonly clock: VirtualClock,
    readonly scriptTime: ScriptTimeModel = 'measured',
  ) {}

  get current(): Execution | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** The running execution; a service used outside one is a mistake of the test. */
  exec(): Execution {
    const e = this.current;
    if (!e) throw new HostFailure('an Apps Script service was used outside an execution');
    return e;
  }

  /** Starts an execution; its script time starts with `resumeScript` (the host's setup is not the script's). */
  enter(exec: Execution): void {
    this.pauseScript();
    this.stack.push(exec);
  }

  /**
   * Ends an execution: charges its last stretch of script time, then decides whether it ran past
   * its deadline (a script that burned its time after its last service call is cut off too).
   */
  leave(exec: Execution): void {
    if (this.current !== exec) throw new HostFailure('executions left out of order');
    this.pauseScript();
    this.stack.pop();
    if (this.current) this.resumeScript();
    if (this.clock.now() > exec.deadline) exec.timedOut = true;
  }

  /** The script's own code starts (or goes on) running. */
  resumeScript(): void {
    if (this.current) this.scriptWatch.start();
  }

  /** The script's code stops running (a service call, the end): its time since it got control is charged. */
  pauseScript(): void {
    const ms = this.scriptWatch.stop();
    if (ms !== undefined) this.chargeScript(ms);
  }

  /**
   * The virtual time as the script reads it (`Date.now()`, `new Date()`): the script time spent
   * so far is charged first, so a script that burns time sees its clock move.
   */
  scriptNow(): number {
    const ms = this.scriptWatch.lap();
    if (ms !== undefined) this.chargeScript(ms);
    return this.clock.now();
  }

  private chargeScript(measuredMs: number): void {
    const exec = this.current;
    if (!exec) return;
    let charged = 0;
    try {
      charged = chargedScriptTime(this.scriptTime, measuredMs);
    } catch (e) {
      // A broken model is the test's mistake: it fails the run, but must not break the bookkeeping here.
      if (!(e instanceof HostFailure)) throw e;
      exec.failures.push(e);
    }
    this.clock.advance(charged);
    this.stats.addScriptTime(measuredMs, charged);
    exec.calls.addScriptTime(measuredMs, charged);
  }

  /** Runs the host's side of one service call with the script's time stopped, charged up to the call. */
  serviceCall<T>(work: () => T): T {
    this.pauseScript();
    try {
      return work();
    } finally {
      this.resumeScript();
    }
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

  /** One service call; the caller stops the script's time around it (`serviceCall`). */
  invoke(kind: string, method: string, target: object, args: unknown[], realm: Realm): unknown {
    const exec = this.exec();
    const name = `${kind}.${method}`;
    if (exec.loading) exec.loadAccesses.push(name);
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
    }
  }
}
