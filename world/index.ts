// One way to build a world: the local service and the local Apps Script host with a built bundle
// loaded and its API address routed to that service. Tests, the demo, the bench and the page start here.
import { join } from 'node:path';
import { AppsScriptHost, type HostOptions } from '../emulator';
import {
  createLocalService,
  startServiceThread,
  type LocalHandler,
  type LocalService,
  type ServiceOptions,
  type ServiceThread,
} from '../sandbox';
import { API_BASE_URL } from '../src/config';

/** The built add-on (`npm run build`). */
const DIST = join(__dirname, '..', 'dist');
/** The add-on menu's title, as the bundle's onOpen names it. */
export const ADDON_MENU_TITLE = 'Prospecting for Sheets';
/** A virtual moment worlds that want the same answers every run start from (a Monday morning). */
export const WORLD_CLOCK_START = Date.UTC(2026, 10, 2, 9, 0, 0);

interface CommonOptions {
  /** The folder holding the bundle and its HTML files; default the built dist/, its Code.js only. */
  bundleDir?: string;
  /** The host's options (owner, clockStart, scriptTime, spill, triggerDocument, deployment, quotas…). */
  host?: Omit<HostOptions, 'bundleDir' | 'routes'>;
  /** The local service's options (accounts and their keys, seed, limits, faults…). */
  service?: Omit<ServiceOptions, 'now'>;
}

export interface WorldOptions extends CommonOptions {
  /** In-process (the default): the service is called synchronously and runs on the host's virtual clock. */
  thread?: false;
  /** What stands between the add-on and the service (faults, counting, a person acting mid-request). */
  route?: (service: LocalService) => LocalHandler;
}

export interface ThreadWorldOptions extends CommonOptions {
  /**
   * The service on a thread of its own, reached over loopback HTTP on the real clock: the host's
   * UrlFetchApp blocks its thread, so the service cannot share it. Its options must be plain data.
   */
  thread: true;
}

export interface World {
  host: AppsScriptHost;
  service: LocalService;
  close(): Promise<void>;
}

export interface ThreadWorld {
  host: AppsScriptHost;
  service: ServiceThread;
  close(): Promise<void>;
}

function createHost(options: CommonOptions, route: LocalHandler | string): AppsScriptHost {
  const bundle = options.bundleDir ? { bundleDir: options.bundleDir } : { bundleDir: DIST, filter: (f: string) => f.endsWith('Code.js') };
  return new AppsScriptHost({ ...bundle, ...options.host, routes: { [API_BASE_URL]: route } });
}

/** Creates the service and the host with the bundle loaded (nothing run yet: no install, no open). */
export function buildWorld(options: ThreadWorldOptions): Promise<ThreadWorld>;
export function buildWorld(options?: WorldOptions): World;
export function buildWorld(options: WorldOptions | ThreadWorldOptions = {}): World | Promise<ThreadWorld> {
  if (options.thread) return buildThreadWorld(options);
  // The service reads the host's clock, and the host is made with the service: the clock is first
  // read when a request arrives, once both exist.
  // The service is reached at the add-on's API address, so the links it hands out (a call
  // recording's audio) lead back to it through the host's route.
  const service = createLocalService({ baseUrl: API_BASE_URL, ...options.service, now: () => host.clock.now() });
  const host = createHost(options, options.route ? options.route(service) : service);
  return { host, service, close: () => host.close() };
}

async function buildThreadWorld(options: ThreadWorldOptions): Promise<ThreadWorld> {
  const service = await startServiceThread(options.service);
  let host: AppsScriptHost;
  try {
    host = createHost(options, service.url);
  } catch (e) {
    await service.stop();
    throw e;
  }
  return {
    host,
    service,
    close: async () => {
      await host.close();
      await service.stop();
    },
  };
}
