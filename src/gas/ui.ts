// The spreadsheet's own UI: the add-on menu, alerts and prompts, toasts and the sidebar.
import { currentSpreadsheet } from './active-document';

export const ui = (): GoogleAppsScript.Base.Ui => SpreadsheetApp.getUi();

export const toast = (message: string, title: string, seconds: number): void => {
  currentSpreadsheet().toast(message, title, seconds);
};

/** The add-on menu from labels and handler names; null is a separator. */
export const buildAddonMenu = (items: ReadonlyArray<readonly [label: string, handler: string] | null>): void => {
  const menu = ui().createAddonMenu();
  for (const item of items) {
    if (item) menu.addItem(...item);
    else menu.addSeparator();
  }
  menu.addToUi();
};

/** Shows the built sidebar, opened on `view` (one of a few fixed words, never user data). */
export const showSidebarFile = (file: string, title: string, view: string): void => {
  const html = HtmlService.createHtmlOutputFromFile(file).getContent();
  const output = HtmlService.createHtmlOutput(html.replace('<body>', `<body data-view="${view}">`)).setTitle(title);
  ui().showSidebar(output);
};
