// The add-on menu, opening the sidebar, and the simple triggers that build the menu.
import { ADDON_NAME } from '../config';

/** Menu items name their handler; each handler is an entry point of the bundle. */
export const MENU_ITEMS = [
  { label: 'Open sidebar', handler: 'openSidebar' },
] as const;

export type MenuHandler = (typeof MENU_ITEMS)[number]['handler'];

// Runs in LIMITED (or NONE) auth mode: menus only, no other service.
export function onOpen(): void {
  const menu = SpreadsheetApp.getUi().createAddonMenu();
  for (const item of MENU_ITEMS) menu.addItem(item.label, item.handler);
  menu.addToUi();
}

export function onInstall(): void {
  onOpen();
}

export function openSidebar(): void {
  const html = HtmlService.createHtmlOutputFromFile('Sidebar').setTitle(ADDON_NAME);
  SpreadsheetApp.getUi().showSidebar(html);
}
