// Alerts and prompts answered by the person at the page. The host is synchronous, so its thread
// asks the server's thread for the answer and blocks until it comes (toolkit/sync-worker.ts);
// the server's thread stays free to serve the page meanwhile.
import type { DialogAnswer, DialogResponder } from '../emulator';
import { SyncAnswerer, SyncCaller, type SyncLink } from '../toolkit/sync-worker';
import type { PendingDialog } from './protocol';

/** The host thread's side: a responder that shows the dialog on the page and waits for the answer. */
export function pageResponder(link: SyncLink): DialogResponder {
  const caller = new SyncCaller<PendingDialog, DialogAnswer>(link);
  let next = 1;
  return (request) => {
    const reply = caller.call({ id: next++, kind: request.kind, title: request.title, prompt: request.prompt, buttons: request.offered });
    // The server stopping closes every dialog.
    return reply.ok ? reply.value : { button: 'CLOSE' };
  };
}

/** The server thread's side: holds the open dialog until the page answers it. */
export class DialogDesk {
  private open: { dialog: PendingDialog; answer: (a: DialogAnswer) => void } | null = null;
  private readonly answerer: SyncAnswerer<PendingDialog, DialogAnswer>;

  /** `shown` is told when a dialog opens. */
  constructor(link: SyncLink, shown: () => void) {
    this.answerer = new SyncAnswerer(
      link,
      (dialog) =>
        new Promise<DialogAnswer>((answer) => {
          this.open = { dialog, answer };
          shown();
        }),
    );
  }

  /** The dialog the add-on is waiting on, if any. */
  get dialog(): PendingDialog | null {
    return this.open?.dialog ?? null;
  }

  /** Hands the page's answer to the waiting host thread; false when `id` is not the open dialog. */
  answer(id: number, answer: DialogAnswer): boolean {
    const open = this.open;
    if (!open || open.dialog.id !== id) return false;
    this.open = null;
    open.answer(answer);
    return true;
  }

  /** Wakes a waiting host thread for good: every dialog from now on is closed. */
  close(): void {
    this.open = null;
    this.answerer.close();
  }
}
