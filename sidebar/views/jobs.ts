// The Jobs view: a card per job, updated in place, with Cancel. While the sidebar is seen it polls:
// at the pace the server asks for while jobs run, slower while nothing changes, and at the idle
// pace while none runs, so a job started from the menu or anywhere else shows within one poll.
import { errorMessage } from '../busy';
import { el } from '../dom';
import { clearError, showError } from '../error-banner';
import { afterAction, afterAnswer, afterFailure, signature, START, type Cadence } from '../poll-cadence';
import { server, type ServerResult } from '../server';
import { jobCard, type JobCard, type JobView } from './job-card';

/** The poll's answer; `background` says when jobs go on only while the sidebar is open. */
type PollAnswer = ServerResult<'pollJobs'>;

const cards = new Map<string, JobCard>();
let cadence: Cadence = START;
let timer: ReturnType<typeof setTimeout> | undefined;
/** One poll at a time: a poll asked for while one is out is made when it returns. */
let inFlight = false;
let again = false;
/** Polls are numbered as sent; answers to polls numbered up to `stale` predate a cancel's outcome. */
let sent = 0;
let stale = 0;
/** The message of the last failed poll, cleared when a poll succeeds (if nothing replaced it). */
let pollError: string | undefined;

function render(answer: PollAnswer): void {
  const list = el('jobs-list');
  const ids = new Set(answer.jobs.map((j) => j.id));
  for (const [id, card] of cards) {
    if (ids.has(id)) continue;
    card.node.remove();
    cards.delete(id);
  }
  answer.jobs.forEach((job, i) => {
    let card = cards.get(job.id);
    if (card) card.update(job);
    else
      cards.set(
        job.id,
        (card = jobCard(
          job,
          (id) => void cancel(id),
          (id) => void undoRun(id),
        )),
      );
    // Only a card out of place is moved: moving a node takes the focus from it.
    if (list.children[i] !== card.node) list.insertBefore(card.node, list.children[i] ?? null);
  });
  el('jobs-empty').hidden = answer.jobs.length > 0;
  const notice = el('jobs-background');
  notice.textContent = answer.background;
  notice.hidden = !answer.background;
}

function schedule(seconds: number): void {
  if (timer) clearTimeout(timer);
  timer = seconds > 0 ? setTimeout(() => void poll(), seconds * 1000) : undefined;
}

/** One poll: the server steps due jobs. Nothing is disabled meanwhile; a small sign shows it. */
async function poll(): Promise<void> {
  if (document.hidden) {
    // Polling resumes when the sidebar is seen again (visibilitychange).
    schedule(0);
    return;
  }
  if (inFlight) {
    again = true;
    return;
  }
  schedule(0);
  inFlight = true;
  const number = ++sent;
  el('jobs-checking').hidden = false;
  try {
    const answer: PollAnswer = await server.pollJobs();
    if (number > stale) {
      // What the last failed poll said is no longer true.
      if (pollError !== undefined) clearError('jobs', pollError);
      pollError = undefined;
      render(answer);
      cadence = afterAnswer(cadence, signature(answer.jobs), answer.nextPollSeconds);
      schedule(cadence.delay);
    }
  } catch (e) {
    // Shown, and tried again later: a passing failure must not end the watching.
    pollError = errorMessage(e);
    showError(pollError, 'jobs');
    cadence = afterFailure(cadence);
    schedule(cadence.delay);
  } finally {
    inFlight = false;
    el('jobs-checking').hidden = true;
  }
  if (again) {
    again = false;
    void poll();
  }
}

/** A cancel holds only its own button; its outcome is shown at once, then confirmed by a poll. */
async function cancel(id: string): Promise<void> {
  const card = cards.get(id);
  card?.setCanceling(true);
  clearError('jobs');
  let view: JobView | undefined;
  try {
    view = await server.cancelJob(id);
  } catch (e) {
    showError(errorMessage(e), 'jobs');
  }
  card?.setCanceling(false);
  if (view) {
    // A poll sent before now may have read the job before the cancel: its answer is dropped.
    stale = sent;
    cards.get(id)?.update(view);
  }
  watchJobs();
}

/** An undo, confirmed in its card: the card then says what was put back and what was not. */
async function undoRun(id: string): Promise<void> {
  clearError('jobs');
  try {
    const view = await server.undoRun(id);
    stale = sent;
    cards.get(id)?.update(view);
  } catch (e) {
    showError(errorMessage(e), 'jobs');
    cards.get(id)?.undoFailed();
  }
  watchJobs();
}

/** A person acted (opened the view, Refresh, Cancel, a new run): poll now, at the server's pace. */
export function watchJobs(): void {
  cadence = afterAction(cadence);
  void poll();
}

export function initJobs(): void {
  el('jobs-refresh').addEventListener('click', () => {
    clearError('jobs');
    watchJobs();
  });
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && !timer && !inFlight) void poll();
  });
}
