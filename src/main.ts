// The bundle's entry: every function Apps Script calls by name. The build declares each as a
// top-level function in dist/Code.js that forwards here.
import { onInstall, onOpen, openSettings, openSidebar, type MenuHandler } from './addon/menu';
import { checkJobsNow, continueJobs, createLeadList, enrichCompanies, enrichPeople, validateEmails } from './addon/runs';
import { sidebarApi } from './addon/sidebar-api';
import { logCallsFromSelection, reviewPhonesFromSelection } from './addon/tools';
import { CONTINUE_HANDLER } from './gas/triggers';

type Handler = (...args: never[]) => unknown;

const menuHandlers: Record<MenuHandler, Handler> = {
  openSidebar,
  enrichPeople,
  enrichCompanies,
  validateEmails,
  createLeadList,
  logCallsFromSelection,
  reviewPhonesFromSelection,
  checkJobsNow,
  openSettings,
};

export const entryPoints: Record<string, Handler> = {
  onOpen,
  onInstall,
  ...menuHandlers,
  ...sidebarApi,
  continueJobs,
};

export { sidebarApi };

/** Functions that time-driven triggers call by name. */
export const triggerHandlers: string[] = [CONTINUE_HANDLER];

/** JSDoc of each custom function, written above its declaration by the build. */
export const customFunctionDocs: Record<string, { params: string[]; doc: string }> = {};
