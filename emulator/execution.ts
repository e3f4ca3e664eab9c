// One execution of the script (a menu click, a sidebar call, a trigger, a custom function):
// who runs it, in which authorization mode, its deadline on the virtual clock, what it logged.
import { type HostFailure } from './errors';
import { CallStats } from './stats';

/** Apps Script's `ScriptApp.AuthMode` values. */
export type AuthModeName = 'NONE' | 'LIMITED' | 'CUSTOM_FUNCTION' | 'FULL';

/** What started the execution; it decides the time limit and what the UI allows. */
export type ExecutionKind = 'simpleTrigger' | 'menu' | 'sidebar' | 'trigger' | 'customFunction' | 'editor' | 'load';

export const SIX_MINUTES = 6 * 60 * 1000;
export const THIRTY_SECONDS = 30 * 1000;

function timeLimitFor(kind: ExecutionKind): number {
  return kind === 'simpleTrigger' || kind === 'customFunction' ? THIRTY_SECONDS : SIX_MINUTES;
}

export interface LogEntry {
  source: 'Logger' | 'console';
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  message: string;
  at: number;
}

export interface Execution {
  readonly id: number;
  readonly functionName: string;
  /** The user the code runs as (for a trigger, the user who created it). */
  readonly user: string;
  readonly mode: AuthModeName;
  readonly kind: ExecutionKind;
  readonly spreadsheetId: string;
  /**
   * Whether the script sees its spreadsheet as the active one. False for a time-driven trigger
   * run with no document (HostOptions.triggerDocument 'none'): the spreadsheet still decides
   * which document the trigger belongs to, but the script cannot reach it.
   */
  readonly activeDocument: boolean;
  /**
   * Whether the document's lock and cache are given (with an active document). False for a
   * custom function under HostOptions.customFunctionDocument 'none'.
   */
  readonly documentServices: boolean;
  readonly startedAt: number;
  readonly deadline: number;
  timedOut: boolean;
  /** Mistakes of the test (unanswered dialog...) that must fail it even if the script caught them. */
  readonly failures: HostFailure[];
  readonly logs: LogEntry[];
  readonly calls: CallStats;
  /** Service globals and calls touched while the bundle's top-level code ran. */
  readonly loadAccesses: string[];
  loading: boolean;
}

export interface ExecutionOptions {
  functionName: string;
  user: string;
  mode: AuthModeName;
  kind: ExecutionKind;
  spreadsheetId: string;
  startedAt: number;
  /** Default true. */
  activeDocument?: boolean;
  /** Default true. */
  documentServices?: boolean;
}

let nextId = 1;

export function newExecution(o: ExecutionOptions): Execution {
  return {
    id: nextId++,
    functionName: o.functionName,
    user: o.user,
    mode: o.mode,
    kind: o.kind,
    spreadsheetId: o.spreadsheetId,
    activeDocument: o.activeDocument ?? true,
    documentServices: (o.activeDocument ?? true) && (o.documentServices ?? true),
    startedAt: o.startedAt,
    deadline: o.startedAt + timeLimitFor(o.kind),
    timedOut: false,
    failures: [],
    logs: [],
    calls: new CallStats(),
    loadAccesses: [],
    loading: false,
  };
}
