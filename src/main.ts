// The bundle's entry: every function Apps Script calls by name. The build declares each as a
// top-level function in dist/Code.js that forwards here.
import {
  addToLeadList,
  addToSequence,
  onInstall,
  openAutomation,
  onOpen,
  openFind,
  openSettings,
  openSidebar,
  type MenuHandler,
} from './addon/menu';
import { checkJobsNow, createLeadList, enrichCompanies, enrichPeople, validateEmails } from './runs/menu-runs';
import { runTrigger } from './runs/trigger-run';
import { refreshFormulas } from './formulas/formula-refresh';
import { ENRICH_COMPANY, ENRICH_PERSON, JOB_OPENINGS, PROSPECTING_HEADERS } from './formulas/custom-functions';
import { sidebarApi } from './addon/sidebar-api';
import {
  callRecordingsFromSelection,
  logCallsFromSelection,
  mailboxLimitsFromSelection,
  reviewPhonesFromSelection,
} from './tools/run-tools';
import { CONTINUE_HANDLER } from './gas/triggers';
import { continueSearch } from './tools/search';
import { continuePaced } from './tools/paced-rows';

type Handler = (...args: never[]) => unknown;

const menuHandlers: Record<MenuHandler, Handler> = {
  openSidebar,
  enrichPeople,
  enrichCompanies,
  validateEmails,
  createLeadList,
  addToLeadList,
  logCallsFromSelection,
  reviewPhonesFromSelection,
  callRecordingsFromSelection,
  mailboxLimitsFromSelection,
  openFind,
  addToSequence,
  openAutomation,
  checkJobsNow,
  refreshFormulas,
  openSettings,
};

export const entryPoints: Record<string, Handler> = {
  onOpen,
  onInstall,
  ...menuHandlers,
  ...sidebarApi,
  // The time-driven trigger, by the name every trigger already made calls (CONTINUE_HANDLER): a
  // run in runs/trigger-run.ts, handed the tools' steps, the search's and the paced row actions'
  // (runs and tools do not import each other).
  continueJobs: (event?: { triggerUid?: unknown }) =>
    runTrigger(event, (ss, deadline) => {
      continueSearch(ss, deadline);
      continuePaced(ss, deadline);
    }),
  ENRICH_COMPANY,
  ENRICH_PERSON,
  JOB_OPENINGS,
  PROSPECTING_HEADERS,
};

export { sidebarApi };

/** Functions that time-driven triggers call by name. */
export const triggerHandlers: string[] = [CONTINUE_HANDLER];
