// The sidebar's entry: tabs, the six views, and where it opens (the menu's Settings opens Connect,
// its Find item the Find tab, "Automate this sheet…" the Auto tab, "Add to a sequence…" the
// sequence part of Tools).
import { el } from './dom';
import { initErrors } from './error-banner';
import { initTabs, onTab, showTab, shownTab, type Tab } from './tabs';
import { initAutomation, loadAutomation } from './views/automation';
import { initConnect, reloadConnection } from './views/connect';
import { initFind, watchFind } from './views/find';
import { initJobs, watchJobs } from './views/jobs';
import { chooseExistingList, initRun } from './views/run';
import { initTools } from './views/tools';
import { landOnSequences, loadSequences } from './views/sequence';

initTabs();
initErrors();
initRun(() => {
  showTab('jobs');
});
initJobs();
initTools();
initFind();
initAutomation();
onTab((tab) => {
  if (tab === 'connect') reloadConnection();
  if (tab === 'jobs') watchJobs();
  if (tab === 'find') watchFind();
  if (tab === 'tools') void loadSequences(true);
  if (tab === 'automation') loadAutomation();
});

// A run from the menu spends while the Connected view shows: coming back to the sidebar reads its spend again.
window.addEventListener('focus', () => {
  if (shownTab() === 'connect') reloadConnection();
});

/** The tab a view opened from the menu shows first, once connected (Run for the others). */
const FIRST_TAB: Partial<Record<string, Tab>> = { find: 'find', automation: 'automation' };

const view = document.body.dataset.view;
const wantsSettings = view === 'settings';
void initConnect((connected) => {
  for (const tab of ['run', 'jobs', 'tools', 'find', 'automation']) el<HTMLButtonElement>(`tab-${tab}`).disabled = !connected;
}).then((connected) => {
  if (connected && view === 'sequence') {
    showTab('tools');
    landOnSequences();
  } else if (connected && !wantsSettings) showTab(FIRST_TAB[view ?? ''] ?? 'run');
  else showTab('connect');
  if (connected && document.body.dataset.view === 'lead-list') chooseExistingList();
});
