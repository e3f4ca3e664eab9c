// The body of the host's thread: the world and its session, the page's commands answered one at a
// time, the clock ticking on a timer, and a new state posted whenever what the page shows changed.
import { parentPort, workerData } from 'node:worker_threads';
import { GasError } from '../emulator';
import type { SyncLink } from '../toolkit/sync-worker';
import { pageResponder } from './dialog-bridge';
import { CommandError, PlaygroundSession } from './session';
import { createWorld, type WorldOptions } from './world';

export interface HostThreadData {
  world: WorldOptions;
  /** Where the host's thread asks for dialog answers (see dialog-bridge.ts). */
  dialogs: SyncLink;
  /** Real milliseconds between clock ticks. */
  tickMs: number;
}

export type FromHost =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'state'; state: ReturnType<PlaygroundSession['state']>; sidebars: Array<{ index: number; html: string }> }
  | { type: 'result'; id: number; ok: boolean; value?: unknown; error?: string; userError?: boolean };

export type ToHost =
  /** `sentAt`: the real time the page's command reached the server, before it waited for the thread. */
  | { type: 'command'; id: number; name: string; body: unknown; sentAt: number }
  | { type: 'grid'; id: number; sheet: string; offset: number; limit: number }
  | { type: 'export'; id: number; sheet: string }
  | { type: 'leadList'; id: number; list: string }
  | { type: 'viewBase'; base: string }
  | { type: 'recording'; id: number; path: string }
  | { type: 'linkBase'; base: string }
  | { type: 'stop' };

const data = workerData as HostThreadData;
const post = (m: FromHost) => parentPort!.postMessage(m);

function main(): void {
  let session: PlaygroundSession;
  try {
    session = new PlaygroundSession(createWorld(data.world), Date.now());
  } catch (e) {
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
    return;
  }
  // Asked only while a command runs: the time the dialog waits for the person is held with the command's.
  session.world.host.ui.responder = pageResponder(data.dialogs);

  let sentSidebars = 0;
  let postedVersion = -1;
  const publish = () => {
    const state = session.state();
    if (state.version === postedVersion) return;
    postedVersion = state.version;
    const shown = session.world.host.ui.shown;
    const sidebars: Array<{ index: number; html: string }> = [];
    for (; sentSidebars < shown.length; sentSidebars++) {
      const html = session.sidebarHtml(sentSidebars);
      if (html !== undefined) sidebars.push({ index: sentSidebars, html });
    }
    post({ type: 'state', state, sidebars });
  };

  const answer = (id: number, run: () => unknown) => {
    try {
      post({ type: 'result', id, ok: true, value: run() });
    } catch (e) {
      // Sheets' own refusals (columns out of bounds, deleting every column) are the person's to read, as is ours.
      const userError = e instanceof CommandError || e instanceof GasError;
      post({ type: 'result', id, ok: false, error: e instanceof Error ? e.message : String(e), userError });
    }
  };

  parentPort!.on('message', (m: ToHost) => {
    if (m.type === 'stop') {
      clearInterval(timer);
      parentPort!.close();
      return;
    }
    if (m.type === 'grid') answer(m.id, () => session.grid(m.sheet, m.offset, m.limit));
    else if (m.type === 'export') answer(m.id, () => session.exportCsv(m.sheet));
    else if (m.type === 'leadList') answer(m.id, () => session.world.service.leadListPage(m.list));
    else if (m.type === 'viewBase') session.world.service.setViewBase(m.base);
    else if (m.type === 'recording')
      answer(m.id, () => session.world.service.handle({ method: 'GET', path: m.path, headers: {}, body: '' }));
    else if (m.type === 'linkBase') session.world.service.setBaseUrl?.(m.base);
    else {
      answer(m.id, () => session.handle(m.name, m.body, Date.now()));
      // The clock stood still from the command's arrival to its answer (see ClockRunner.held).
      session.clock.held(Date.now() - m.sentAt);
    }
    publish();
  });

  const timer = setInterval(() => {
    if (session.tick(Date.now())) publish();
  }, data.tickMs);
  publish();
  post({ type: 'ready' });
}

main();
