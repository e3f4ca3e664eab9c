// The Jobs view: each job with its progress, counts by outcome, message and links, a cancel
// button; while a job runs and the sidebar is visible, it drives the polling.
import { busy } from '../busy';
import { clear, el, h } from '../dom';
import { server, type ServerResult } from '../server';

type JobView = ServerResult<'listJobs'>[number];

const LABELS: Record<string, string> = {
  person: 'Person enrichment',
  company: 'Company enrichment',
  email: 'Email validation',
  lead_list: 'Lead list',
};

let timer: ReturnType<typeof setTimeout> | undefined;

function safeLink(url: string): HTMLElement {
  const ok = /^https?:\/\//i.test(url);
  const a = h('a', { target: '_blank', rel: 'noopener noreferrer', text: ok ? 'Open the lead list' : url });
  if (ok) a.href = url;
  return a;
}

function card(job: JobView): HTMLElement {
  const percent = job.total ? Math.round((100 * job.finished) / job.total) : 100;
  const bar = h('progress', { max: job.total || 1, value: job.finished, 'aria-label': `${LABELS[job.action]} progress` });
  const counts = h('ul', { class: 'counts' });
  for (const [status, n] of Object.entries(job.counts)) counts.append(h('li', { text: `${status}: ${n}` }));
  const item = h(
    'li',
    { class: `job ${job.state}`, 'data-job': job.id },
    h('div', { class: 'job-head' }, h('strong', { text: LABELS[job.action] ?? job.action }), h('span', { class: 'state', text: job.state })),
    h('div', { class: 'hint', text: `${job.sheetName} · ${job.finished} of ${job.total} rows (${percent}%)` }),
    bar,
    counts,
  );
  if (job.message) item.append(h('p', { class: job.state === 'failed' ? 'job-error' : 'hint', text: job.message }));
  for (const link of job.links) item.append(safeLink(link));
  if (job.canCancel) {
    const cancel = h('button', { type: 'button', class: 'cancel', text: 'Cancel' });
    cancel.addEventListener('click', () => {
      void busy('Canceling…', () => server.cancelJob(job.id), item).then(() => poll());
    });
    item.append(h('div', { class: 'actions' }, cancel));
  }
  return item;
}

function render(jobs: ReadonlyArray<JobView>): void {
  const list = el('jobs-list');
  // Cards are rebuilt: keep keyboard focus on the same job's button.
  const focused = document.activeElement?.closest<HTMLElement>('[data-job]')?.dataset.job;
  clear(list);
  for (const job of jobs) list.append(card(job));
  el('jobs-empty').hidden = jobs.length > 0;
  if (focused) list.querySelector<HTMLElement>(`[data-job="${CSS.escape(focused)}"] button`)?.focus();
}

function schedule(seconds: number): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (seconds > 0) timer = setTimeout(() => void poll(), seconds * 1000);
}

/** One poll: the server steps due jobs; polling goes on while any runs and the sidebar is seen. */
export async function poll(): Promise<void> {
  if (document.hidden) {
    // Polling resumes when the sidebar is seen again (visibilitychange).
    schedule(0);
    return;
  }
  const answer = await busy('Checking jobs…', () => server.pollJobs(), el('view-jobs'));
  if (!answer) {
    // The message is shown; Refresh tries again.
    schedule(0);
    return;
  }
  render(answer.jobs);
  schedule(answer.nextPollSeconds);
}

export function initJobs(): void {
  el('jobs-refresh').addEventListener('click', () => void poll());
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && !timer) void poll();
  });
}
