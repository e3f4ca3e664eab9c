// The add-on menu, opening the sidebar, and the simple triggers that build the menu.
import { ADDON_NAME } from '../config';
import { buildAddonMenu, showSidebarFile } from '../gas/ui';

/** Menu items name their handler; each handler is an entry point of the bundle. */
export const MENU_ITEMS = [
  { label: 'Open sidebar', handler: 'openSidebar' },
  null,
  { label: 'Enrich people', handler: 'enrichPeople' },
  { label: 'Enrich companies', handler: 'enrichCompanies' },
  { label: 'Validate emails', handler: 'validateEmails' },
  { label: 'Create a lead list', handler: 'createLeadList' },
  { label: 'Add to an existing lead list…', handler: 'addToLeadList' },
  { label: 'Log calls from selected rows', handler: 'logCallsFromSelection' },
  { label: 'Review phone numbers from selected rows', handler: 'reviewPhonesFromSelection' },
  { label: 'Find people or companies…', handler: 'openFind' },
  { label: 'Add to a sequence…', handler: 'addToSequence' },
  { label: 'Automate this sheet…', handler: 'openAutomation' },
  null,
  { label: 'Check running jobs now', handler: 'checkJobsNow' },
  { label: 'Refresh formulas in selection', handler: 'refreshFormulas' },
  { label: 'Settings', handler: 'openSettings' },
] as const;

export type MenuHandler = NonNullable<(typeof MENU_ITEMS)[number]>['handler'];

// Runs in LIMITED (or NONE) auth mode: menus only, no other service.
export const onOpen = (): void => {
  buildAddonMenu(MENU_ITEMS);
};

export const onInstall = (): void => {
  onOpen();
};

const showSidebar = (view: 'home' | 'settings' | 'find' | 'lead-list' | 'sequence' | 'automation'): void => {
  showSidebarFile('Sidebar', ADDON_NAME, view);
};

export const openSidebar = (): void => {
  showSidebar('home');
};

export const openSettings = (): void => {
  showSidebar('settings');
};

/** The sidebar's Run view on lead lists, to choose the existing list the selected rows go to. */
export const addToLeadList = (): void => {
  showSidebar('lead-list');
};

/** The sidebar on its Find tab. */
export const openFind = (): void => {
  showSidebar('find');
};

/** The sidebar, opened on "Add to a sequence". */
export const addToSequence = (): void => {
  showSidebar('sequence');
};

/** The sidebar on automation: new and changed rows of the active sheet handled hourly. */
export const openAutomation = (): void => {
  showSidebar('automation');
};
