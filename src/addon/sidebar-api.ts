// The functions the sidebar may call through google.script.run. The sidebar imports only the
// type of this object, so none of this code reaches the sidebar bundle. Parameter types say what
// the sidebar sends; each function still parses its input, which arrives untrusted.
import { readSettings, writeSettings } from '../gas/settings';
import { connect, disconnect, getConnection } from '../runs/connection';
import { listJobs, pollJobs } from '../runs/job-loop';
import { listLeadLists } from '../runs/lead-lists';
import { previewRun } from '../runs/run-preview';
import { cancelJob, startRun } from '../runs/start-and-cancel';
import { undoRun } from '../runs/undo-runs';
import { previewRowAction, runRowAction, runTool } from '../tools/run-tools';
import { runSearch } from '../tools/search';
import { listSendingMailboxes, listSequences, previewSequenceAdd, runSequenceAdd } from '../tools/run-sequences';
import { getAutomation, retryFailedRows, runAutomationNow, saveAutomation } from '../runs/automation-settings';

export const sidebarApi = {
  getConnection,
  connect,
  disconnect,
  getSettings: readSettings,
  /** The sidebar's settings form; a bad value comes back as a sentence naming the setting. */
  saveSettings: writeSettings,
  previewRun,
  listLeadLists,
  startRun,
  listJobs,
  pollJobs,
  cancelJob,
  undoRun,
  runTool,
  previewRowAction,
  runRowAction,
  runSearch,
  listSequences,
  listSendingMailboxes,
  previewSequenceAdd,
  runSequenceAdd,
  getAutomation,
  saveAutomation,
  retryFailedRows,
  runAutomationNow,
};

export type SidebarApi = typeof sidebarApi;
