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
import { checkJobsNow, createLeadList, enrichCompanies, enrichPeople, validateEmails } from './runs/menu-actions';
import { continueJobs } from './runs/job-loop';
import { refreshFormulas } from './formulas/formula-refresh';
import { ENRICH_COMPANY, ENRICH_PERSON, JOB_OPENINGS, PROSPECTING_HEADERS } from './formulas/custom-functions';
import { sidebarApi } from './addon/sidebar-api';
import { logCallsFromSelection, reviewPhonesFromSelection } from './tools/run-tools';
import { CONTINUE_HANDLER } from './gas/triggers';
import { continueSearch } from './tools/search';
import { automationTick, automationUnreached } from './runs/automation-run';

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
  // The time-driven trigger steps the jobs, then a search nobody is stepping from the sidebar,
  // then, in the spreadsheet whose trigger serves it, automation.
  continueJobs: (event?: { triggerUid?: unknown }) =>
    continueJobs(
      event,
      (spreadsheet, deadline, byId) => {
        continueSearch(spreadsheet, deadline);
        automationTick(spreadsheet, deadline, byId);
      },
      automationUnreached,
    ),
  ENRICH_COMPANY,
  ENRICH_PERSON,
  JOB_OPENINGS,
  PROSPECTING_HEADERS,
};

export { sidebarApi };

/** Functions that time-driven triggers call by name. */
export const triggerHandlers: string[] = [CONTINUE_HANDLER];
