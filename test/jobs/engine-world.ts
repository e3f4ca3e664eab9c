// A job engine world for pure tests: the local service in-process on a virtual clock, an
// in-memory sheet, and a hook that runs "the person's" actions while a request is in flight.
import { ProspectingClient } from '../../src/api/client';
import { advanceJob } from '../../src/jobs/job-step';
import type { StepDeps } from '../../src/jobs/step-context';
import type { JobRecord } from '../../src/jobs/job';
import { createJob, prepareRun, type RunRequest } from '../../src/jobs/run-setup';
import { createLocalService, type LocalRequest, type LocalResponse, type LocalService, type ServiceOptions } from '../../sandbox';
import { localTransport } from '../support/local-transport';
import { MemorySheet } from '../support/memory-sheet';

export const KEY = 'test-key-engine-1';

export interface EngineWorld {
  service: LocalService;
  sheet: MemorySheet;
  client: ProspectingClient;
  saved: JobRecord[];
  unplaced: unknown[][];
  requests: LocalRequest[];
  /** Runs before the service sees a request: what the person does while it is in flight. */
  during?: (req: LocalRequest) => void;
  /** Replaces the service's answer (a fault). */
  answer?: (req: LocalRequest) => LocalResponse | undefined;
  deps(budgetMs?: number): StepDeps;
  start(request: RunRequest, partSize?: number, hidden?: number[]): JobRecord;
  runToEnd(job: JobRecord, between?: (step: number) => void, maxSteps?: number): JobRecord;
  advance(ms: number): void;
  now(): number;
}

export function engineWorld(opts: {
  credits?: number;
  rows: unknown[][];
  header?: unknown[];
  service?: Omit<ServiceOptions, 'now' | 'accounts'>;
}): EngineWorld {
  let now = Date.UTC(2026, 10, 1);
  const service = createLocalService({
    now: () => now,
    accounts: [{ key: KEY, name: 'Engine Co', credits: { email: opts.credits ?? 100000, phone: 1000 } }],
    processingRate: 20,
    ...opts.service,
  });
  const world: EngineWorld = {
    service,
    sheet: new MemorySheet([opts.header ?? ['Name', 'Email', 'Company', 'Website'], ...opts.rows]),
    saved: [],
    unplaced: [],
    requests: [],
    client: undefined as never,
    deps: (budgetMs = 60000) => ({
      client: world.client,
      sheet: world.sheet,
      now: () => now,
      deadline: now + budgetMs,
      save: (j) => world.saved.push(JSON.parse(JSON.stringify(j)) as JobRecord),
      keepUnplaced: (_job, _headers, rows) => {
        world.unplaced.push(...rows);
        return 'Unplaced';
      },
      pageSize: 7,
    }),
    start(request, partSize = 10, hidden = []) {
      const sheet = world.sheet;
      const prepared = prepareRun(
        sheet,
        { ranges: [{ firstRow: 1, lastRow: sheet.cells.length }], hidden: new Set(hidden), frozenRows: 1 },
        request,
        { partSize },
      );
      return createJob(prepared, request, { id: 'job-1', sheetId: 1, sheetName: 'Leads', now, partSize });
    },
    runToEnd(job, between, maxSteps = 300) {
      for (let step = 0; job.life.s === 'running' && step < maxSteps; step++) {
        advanceJob(job, world.deps());
        between?.(step);
        now = Math.max(now + 1000, job.nextCheckAt);
      }
      return job;
    },
    advance: (ms) => {
      now += ms;
    },
    now: () => now,
  };
  const handler = {
    handle(req: LocalRequest): LocalResponse {
      world.requests.push(req);
      world.during?.(req);
      return world.answer?.(req) ?? service.handle(req);
    },
  };
  world.client = new ProspectingClient(
    localTransport(handler, KEY, () => now),
    {
      sleep: (ms) => {
        now += ms;
      },
      now: () => now,
    },
  );
  return world;
}

/** Rows of people: `dupEvery` makes every n-th row repeat the previous row's email. */
export const people = (n: number, dupEvery = 0) =>
  Array.from({ length: n }, (_, i) => {
    const k = dupEvery && i % dupEvery === dupEvery - 1 ? i - 1 : i;
    return [`Person ${i}`, `person${k}@acme${k % 3}.io`, `Acme ${k % 3}`, `acme${k % 3}.io`];
  });

/** The emails sent in every batch start, with their counts. */
export function sentEmails(world: EngineWorld): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of world.requests) {
    if (r.method !== 'POST' || !r.body) continue;
    const body = JSON.parse(r.body) as {
      emails?: Array<{ email: string }>;
      leads?: Array<{ email?: string }>;
      companies?: Array<{ domain: string }>;
    };
    for (const item of [...(body.emails ?? []), ...(body.leads ?? [])])
      if (item.email) counts.set(item.email, (counts.get(item.email) ?? 0) + 1);
    for (const c of body.companies ?? []) counts.set(c.domain, (counts.get(c.domain) ?? 0) + 1);
  }
  return counts;
}
