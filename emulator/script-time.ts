// The script's own JavaScript time: the processor time this machine spends running the script's
// code (not inside service calls), turned by a model into the virtual time it is charged.
import { HostFailure } from './errors';

/**
 * How measured script time is charged to the virtual clock: `'measured'` as measured (the
 * default: what Apps Script would count, give or take the speed of this machine), `'none'` not at
 * all (for tests that pin exact virtual times), or a function of each measured stretch in ms
 * returning the ms to charge for it (a multiplier, a fixed cost).
 */
export type ScriptTimeModel = 'measured' | 'none' | ((measuredMs: number) => number);

/** The virtual ms charged for one measured stretch of script time under `model`. */
export function chargedScriptTime(model: ScriptTimeModel, measuredMs: number): number {
  if (model === 'measured') return measuredMs;
  if (model === 'none') return 0;
  let ms: number;
  try {
    ms = model(measuredMs);
  } catch (e) {
    throw new HostFailure(`the scriptTime model threw: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (typeof ms !== 'number' || !(ms >= 0) || !Number.isFinite(ms))
    throw new HostFailure(`the scriptTime model charged ${ms} ms for ${measuredMs} ms of script time`);
  return ms;
}

/**
 * The processor time this process has used so far, in ms (user and system). Apps Script charges a
 * script for the time its code runs; on a shared machine the wall clock also counts the stretches
 * in which another process held the core, so a seeded run's virtual times (and its verdicts on
 * the 6-minute and daily limits) would change with the machine's load. Processor time does not.
 * It is the whole process's: helper threads (the garbage collector's) count too, their work being
 * the script's all the same.
 */
export function processorMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** A stopwatch over the script's own stretches of code, on the process's processor time. */
export class ScriptStopwatch {
  private since: number | undefined;

  get running(): boolean {
    return this.since !== undefined;
  }

  start(): void {
    this.since = processorMs();
  }

  /** Stops and returns the ms since `start`; undefined when it was not running. */
  stop(): number | undefined {
    if (this.since === undefined) return undefined;
    const ms = processorMs() - this.since;
    this.since = undefined;
    return ms;
  }

  /** The ms since `start`, restarting at the same instant, so no time falls between two laps. */
  lap(): number | undefined {
    if (this.since === undefined) return undefined;
    const now = processorMs();
    const ms = now - this.since;
    this.since = now;
    return ms;
  }
}
