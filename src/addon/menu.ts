// The add-on menu, opening the sidebar, and the simple triggers that build the menu.
import { ADDON_NAME } from '../config';
import { buildAddonMenu, showSidebarFile } from '../gas/ui';
import { warnIfQuiet } from '../runs/automation-settings';

/** Menu items, each its label and its handler's name (an entry point of the bundle); null is a separator. */
export const MENU_ITEMS = [
  ['Open sidebar', 'openSidebar'],
  null,
  ['Enrich people', 'enrichPeople'],
  ['Enrich companies', 'enrichCompanies'],
  ['Validate emails', 'validateEmails'],
  ['Create a lead list', 'createLeadList'],
  ['Add to an existing lead list…', 'addToLeadList'],
  ['Log calls from selected rows', 'logCallsFromSelection'],
  ['Review phone numbers from selected rows', 'reviewPhonesFromSelection'],
  ['Get call recordings for selected rows', 'callRecordingsFromSelection'],
  ['Apply mailbox limits from selected rows', 'mailboxLimitsFromSelection'],
  ['Find people or companies…', 'openFind'],
  ['Add to a sequence…', 'addToSequence'],
  ['Automate this sheet…', 'openAutomation'],
  null,
  ['Check running jobs now', 'checkJobsNow'],
  ['Refresh formulas in selection', 'refreshFormulas'],
  ['Settings', 'openSettings'],
] as const;

export type MenuHandler = NonNullable<(typeof MENU_ITEMS)[number]>[1];

// Runs in LIMITED (or NONE) auth mode: the menu, and a toast when automation has gone quiet.
export const onOpen = (): void => {
  buildAddonMenu(MENU_ITEMS);
  warnIfQuiet();
};

export const onInstall = onOpen;

const showSidebar = (view: 'home' | 'settings' | 'find' | 'lead-list' | 'sequence' | 'automation'): void =>
  showSidebarFile('Sidebar', ADDON_NAME, view);

export const openSidebar = (): void => showSidebar('home');

export const openSettings = (): void => showSidebar('settings');

/** The sidebar's Run view on lead lists, to choose the existing list the selected rows go to. */
export const addToLeadList = (): void => showSidebar('lead-list');

/** The sidebar on its Find tab. */
export const openFind = (): void => showSidebar('find');

/** The sidebar, opened on "Add to a sequence". */
export const addToSequence = (): void => showSidebar('sequence');

/** The sidebar on automation: new and changed rows of the active sheet handled hourly. */
export const openAutomation = (): void => showSidebar('automation');
