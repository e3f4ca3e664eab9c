// The one sheet and service both sides of the bench start from: the same rows, the same local
// service at its default limits, the same virtual start time.
import type { AppsScriptHost, HostOptions } from '../emulator';
import type { LocalService } from '../sandbox';
import { buildWorld, WORLD_CLOCK_START } from '../world';
import { ResultItemCounter } from './result-items';

export const OWNER = 'owner@acme.example';
export const KEY = 'bench-key-0001';

/** Name, Email, Website rows, as test/scale builds them: every key distinct. */
function sheetRows(rows: number): string[][] {
  const data = Array.from({ length: rows }, (_, k) => [`Person ${k}`, `person${k}@company${k % 997}.com`, `https://firm${k}.com`]);
  return [['Name', 'Email', 'Website'], ...data];
}

export interface BenchWorld {
  host: AppsScriptHost;
  service: LocalService;
  /** Result items the service answered on batch reads. */
  items: ResultItemCounter;
}

/** A host running `bundleDir` against a fresh local service whose one account can pay for `rows` rows of any action. */
export function benchWorld(
  rows: number,
  host: Omit<HostOptions, 'owner' | 'routes' | 'clockStart'>,
  sheet: string[][] = sheetRows(rows),
): BenchWorld {
  const { bundleDir, ...hostOptions } = host;
  const items = new ResultItemCounter();
  const { host: h, service } = buildWorld({
    bundleDir,
    host: { ...hostOptions, owner: OWNER, clockStart: WORLD_CLOCK_START },
    service: { accounts: [{ key: KEY, name: 'Bench', credits: { email: rows * 2, phone: 0 } }] },
    route: (service) => items.route(service),
  });
  h.sheet().load(sheet);
  return { host: h, service, items };
}
