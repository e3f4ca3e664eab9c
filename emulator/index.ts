// The local Apps Script host's public surface: the host itself and the types tests use.
export { AppsScriptHost } from './host';
export type { CustomFunctionResult, ExecutionResult, HostOptions, RunOptions, TriggerDocument } from './host';
export { CONSUMER_DAILY_QUOTAS, QUOTA_DAY_MS } from './quotas';
export type { CallQuota, DailyQuotas, QuotaDay, QuotaUse } from './quotas';
export type { SentMail } from './mail';
export { SEND_MAIL_SCOPE } from './auth';
export type { RecalculateOptions } from './recalculation';
export { VirtualClock } from './clock';
export type { ScriptTimeModel } from './script-time';
export type { CallTally, CostReport } from './stats';
export { COST_RULES, DEFAULT_CALL_MS, DEFAULT_FETCH_MS, FETCH_ALL_PER_REQUEST_MS, callCost } from './cost-model';
export { GasError, HostFailure, Messages } from './errors';
export type { AuthModeName, Execution, ExecutionKind, LogEntry } from './execution';
export { SIX_MINUTES, THIRTY_SECONDS } from './execution';
export { SidebarArgumentError } from './json-bridge';
export type { DeclaredFunction } from './loader';
export { declaredFunctions } from './loader';
export { MAX_STORE_BYTES, MAX_VALUE_BYTES } from './properties';
export { MAX_CACHE_KEY_LENGTH, MAX_CACHE_VALUE_BYTES, MAX_EXPIRATION_SECONDS } from './cache';
export type { RecordedRequest, Route } from './url-fetch';
export { TRUNCATED_RESPONSE_CHARS } from './url-fetch';
export type { DeploymentMode, TriggerRecord } from './triggers';
export type {
  BackgroundOneShots,
  CustomFunctionDocument,
  CustomFunctionDocumentProperties,
  MissedOneShots,
  Unknowables,
} from './unknowables';
export { KIND_ANSWERS, UNKIND_ANSWERS, UNKNOWABLES_ENV, defaultUnknowables } from './unknowables';
export type { Silence } from './addon-state';
export { MAX_TRIGGERS_PER_USER } from './triggers';
export type {
  ButtonName,
  ButtonSetName,
  DialogAnswer,
  DialogRecord,
  DialogRequest,
  DialogResponder,
  MenuEntry,
  MenuRecord,
  ShownHtml,
} from './spreadsheet/ui';
export { SheetHelper } from './spreadsheet/sheet-helper';
export { parseCsv, formatCsv } from './spreadsheet/csv';
export { a1ToR1c1, r1c1ToA1 } from './spreadsheet/r1c1';
