// Alerts and prompts answered by the person at the page. The host is synchronous, so its thread
// posts the dialog to the server's thread and blocks (Atomics.wait) until the answer comes back
// on a port; the server's thread stays free to serve the page meanwhile.
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { DialogAnswer, DialogResponder } from '../emulator';
import type { PendingDialog } from './protocol';

/** Flag values in the shared cell: waiting, answered, the server is stopping. */
export const WAITING = 0;
export const ANSWERED = 1;
export const STOPPING = 2;

/** The host thread's side: a responder that shows the dialog on the page and waits for the answer. */
export function pageResponder(show: (dialog: PendingDialog) => void, flag: Int32Array, answers: MessagePort): DialogResponder {
  let next = 1;
  return (request) => {
    const id = next++;
    Atomics.compareExchange(flag, 0, ANSWERED, WAITING);
    show({ id, kind: request.kind, title: request.title, prompt: request.prompt, buttons: request.offered });
    for (;;) {
      if (Atomics.load(flag, 0) === STOPPING) return { button: 'CLOSE' };
      if (Atomics.load(flag, 0) === ANSWERED) {
        const reply = receiveMessageOnPort(answers)?.message as { id: number; answer: DialogAnswer } | undefined;
        Atomics.compareExchange(flag, 0, ANSWERED, WAITING);
        if (reply?.id === id) return reply.answer;
        continue;
      }
      Atomics.wait(flag, 0, WAITING, 1000);
    }
  };
}

/** The server thread's side: hands the page's answer to the waiting host thread. */
export function sendAnswer(flag: Int32Array, answers: MessagePort, id: number, answer: DialogAnswer): void {
  answers.postMessage({ id, answer });
  Atomics.store(flag, 0, ANSWERED);
  Atomics.notify(flag, 0);
}

/** Wakes a waiting host thread for good: every dialog from now on is closed. */
export function stopWaiting(flag: Int32Array): void {
  Atomics.store(flag, 0, STOPPING);
  Atomics.notify(flag, 0);
}
