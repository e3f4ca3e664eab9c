// The server's handle on the host's thread: starts it, sends the page's commands and awaits their
// results, keeps the latest state (and the sidebars' HTML) to serve at once, holds the open dialog
// until the page answers it, and wakes long-polling pages when something changes.
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { DialogAnswer } from '../emulator';
import { startTsWorker, syncLinks } from '../toolkit/sync-worker';
import { DialogDesk } from './dialog-bridge';
import type { FromHost, HostThreadData, ToHost } from './host-worker';
import type { PageState, PendingDialog } from './protocol';
import type { WorldOptions } from './world';
import type { WorldState } from './session';

export type CommandResult = { ok: true; value: unknown } | { ok: false; error: string; userError: boolean };

type Pending = { resolve: (r: CommandResult) => void; what: string };

export class HostThread {
  private readonly worker: Worker;
  private readonly dialogs: DialogDesk;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private world: WorldState | undefined;
  private readonly sidebars = new Map<number, string>();
  private version = 0;
  private waiters: Array<() => void> = [];
  /** The command the host is busy with, as the page shows it. */
  private running: string[] = [];
  readonly ready: Promise<void>;

  constructor(world: WorldOptions, tickMs = 100) {
    const { caller, answerer } = syncLinks();
    this.dialogs = new DialogDesk(answerer, () => this.bump());
    const data: HostThreadData = { world, dialogs: caller, tickMs };
    this.worker = startTsWorker(join(__dirname, 'host-worker.ts'), { workerData: data, transferList: [caller.port] });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      this.worker.on('message', (m: FromHost) => {
        if (m.type === 'ready') resolve();
        else if (m.type === 'failed') reject(new Error(m.message));
        else this.receive(m);
      });
    });
  }

  private receive(m: FromHost): void {
    if (m.type === 'state') {
      for (const s of m.sidebars) this.sidebars.set(s.index, s.html);
      this.world = m.state;
      this.bump();
    } else if (m.type === 'result') {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (p) {
        this.running.splice(this.running.indexOf(p.what), 1);
        p.resolve(m.ok ? { ok: true, value: m.value } : { ok: false, error: m.error ?? 'failed', userError: m.userError ?? false });
      }
      this.bump();
    }
  }

  private bump(): void {
    this.version++;
    const w = this.waiters;
    this.waiters = [];
    for (const wake of w) wake();
  }

  private ask(message: Omit<ToHost & { id: number }, 'id'>, what: string): Promise<CommandResult> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, what });
      this.running.push(what);
      this.bump();
      this.worker.postMessage({ ...message, id });
    });
  }

  command(name: string, body: unknown): Promise<CommandResult> {
    const what =
      name === 'menu' ? String((body as { caption?: unknown }).caption) : name === 'run' ? String((body as { name?: unknown }).name) : name;
    return this.ask({ type: 'command', name, body, sentAt: Date.now() } as Omit<ToHost & { id: number }, 'id'>, what);
  }

  /** A window of a sheet's rows (its value is a GridWindow). */
  grid(sheet: string, offset: number, limit: number): Promise<CommandResult> {
    return this.ask({ type: 'grid', sheet, offset, limit } as Omit<ToHost & { id: number }, 'id'>, '');
  }

  exportCsv(sheet: string): Promise<CommandResult> {
    return this.ask({ type: 'export', sheet } as Omit<ToHost & { id: number }, 'id'>, '');
  }

  /** The service's page of a lead list (its value is a LocalResponse), served where `setViewBase` says. */
  leadListPage(list: string): Promise<CommandResult> {
    return this.ask({ type: 'leadList', list } as Omit<ToHost & { id: number }, 'id'>, '');
  }

  /** A call recording's audio (its value is a LocalResponse), served where `setLinkBase` says. */
  recording(path: string): Promise<CommandResult> {
    return this.ask({ type: 'recording', path } as Omit<ToHost & { id: number }, 'id'>, '');
  }

  /** Where the page serves the service's recording links: each link the service issues points there. */
  setLinkBase(base: string): void {
    this.worker.postMessage({ type: 'linkBase', base } satisfies ToHost);
  }

  /** Where the page serves the service's lead-list pages: each list's `url` points there. */
  setViewBase(base: string): void {
    this.worker.postMessage({ type: 'viewBase', base } satisfies ToHost);
  }

  /** The page's state: the world's, the open dialog, and what is running (reads are not shown). */
  state(): PageState | undefined {
    if (!this.world) return undefined;
    const busy = this.running.filter(Boolean);
    return { ...this.world, version: this.version, dialog: this.dialogs.dialog, busy: busy.length ? busy[0]! : null };
  }

  /** Resolves once the state is newer than `after`, or after `timeoutMs`. */
  async waitState(after: number, timeoutMs: number): Promise<PageState | undefined> {
    if (this.version <= after) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.state();
  }

  sidebarHtml(index: number): string | undefined {
    return this.sidebars.get(index);
  }

  /** The dialog the add-on is waiting on, if any. */
  openDialog(): PendingDialog | null {
    return this.dialogs.dialog;
  }

  /** The page's answer to the open dialog; false when `id` is not the open dialog. */
  answerDialog(id: number, answer: DialogAnswer): boolean {
    if (!this.dialogs.answer(id, answer)) return false;
    this.bump();
    return true;
  }

  async stop(): Promise<void> {
    this.dialogs.close();
    this.worker.postMessage({ type: 'stop' } satisfies ToHost);
    await this.worker.terminate();
    for (const p of this.pending.values()) p.resolve({ ok: false, error: 'the server stopped', userError: false });
    this.pending.clear();
    this.bump();
  }
}
