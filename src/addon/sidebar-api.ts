// The functions the sidebar may call through google.script.run. The sidebar imports only the
// type of this object, so none of this code reaches the sidebar bundle.
import { connect, disconnect, getConnection } from './connection';

export const sidebarApi = {
  getConnection,
  connect,
  disconnect,
};

export type SidebarApi = typeof sidebarApi;
