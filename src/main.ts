// The bundle's entry: every function Apps Script calls by name. The build declares each as a
// top-level function in dist/Code.js that forwards here.
import { sidebarApi } from './addon/sidebar-api';
import { onInstall, onOpen, openSidebar, type MenuHandler } from './addon/menu';

type Handler = (...args: never[]) => unknown;

const menuHandlers: Record<MenuHandler, Handler> = { openSidebar };

export const entryPoints: Record<string, Handler> = {
  onOpen,
  onInstall,
  ...menuHandlers,
  ...sidebarApi,
};

export { sidebarApi };

/** JSDoc of each custom function, written above its declaration by the build. */
export const customFunctionDocs: Record<string, { params: string[]; doc: string }> = {};
