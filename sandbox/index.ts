// The local implementation of the Prospecting API, as a library: create a service in-process and
// call it synchronously, or put it behind an HTTP server on loopback.
export { createLocalService, type AccountView, type LocalService } from './service';
export { type HourlyUsage, type UsageCount } from './usage';
export { startHttpServer, DEFAULT_HOST, DEFAULT_PORT, type HttpServerOptions, type RunningServer } from './http-server';
export { DEMO_ACCOUNTS, DEMO_KEYS } from './accounts';
export { contactIds } from './contacts';
export {
  DEFAULT_LIMITS,
  type AccountSeed,
  type Credits,
  type FaultOptions,
  type Limits,
  type ServiceOptions,
  type UsageLimitMode,
} from './options';
export { ConnectionDropped, type LocalHandler, type LocalRequest, type LocalResponse } from '../toolkit/local-http';
export { startServiceThread, type ServiceThread } from './thread';
export { demoAccounts } from './cli-options';
