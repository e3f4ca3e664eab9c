// Logger and console, captured per execution and for the whole host.
import type { LogEntry } from './execution';
import type { Runtime } from './runtime';

function show(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (value !== null && typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

function formatArgs(args: unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first === 'string' && /%[sdifoO]/.test(first)) {
    let i = 0;
    const text = first.replace(/%[sdifoO]/g, () => (i < rest.length ? show(rest[i++]) : ''));
    return [text, ...rest.slice(i).map(show)].join(' ');
  }
  return args.map(show).join(' ');
}

export class LogSink {
  readonly entries: LogEntry[] = [];

  constructor(private readonly runtime: Runtime) {}

  write(source: LogEntry['source'], level: LogEntry['level'], args: unknown[]): void {
    const entry: LogEntry = { source, level, message: formatArgs(args), at: this.runtime.clock.now() };
    this.entries.push(entry);
    this.runtime.current?.logs.push(entry);
  }

  text(): string {
    return this.entries.map((e) => e.message).join('\n');
  }
}

export class FakeLogger {
  static readonly kind = 'Logger';

  constructor(private readonly sink: LogSink) {}

  log(...args: unknown[]): this {
    this.sink.write('Logger', 'log', args);
    return this;
  }

  getLog(): string {
    return this.sink.entries
      .filter((e) => e.source === 'Logger')
      .map((e) => e.message)
      .join('\n');
  }

  clear(): void {}
}

export class FakeConsole {
  static readonly kind = 'console';
  private timers = new Map<string, number>();

  constructor(
    private readonly sink: LogSink,
    private readonly now: () => number,
  ) {}

  log(...args: unknown[]): void {
    this.sink.write('console', 'log', args);
  }

  info(...args: unknown[]): void {
    this.sink.write('console', 'info', args);
  }

  warn(...args: unknown[]): void {
    this.sink.write('console', 'warn', args);
  }

  error(...args: unknown[]): void {
    this.sink.write('console', 'error', args);
  }

  debug(...args: unknown[]): void {
    this.sink.write('console', 'debug', args);
  }

  time(label = 'default'): void {
    this.timers.set(label, this.now());
  }

  timeEnd(label = 'default'): void {
    const start = this.timers.get(label);
    if (start !== undefined) this.sink.write('console', 'log', [`${label}: ${this.now() - start}ms`]);
    this.timers.delete(label);
  }
}
