// The sidebar's entry: tabs, the four views, and where it opens (the menu's Settings opens Connect).
import { el } from './dom';
import { initTabs, onTab, showTab } from './tabs';
import { initConnect } from './views/connect';
import { initJobs, watchJobs } from './views/jobs';
import { chooseExistingList, initRun } from './views/run';
import { initTools } from './views/tools';

initTabs();
initRun(() => {
  showTab('jobs');
});
initJobs();
initTools();
onTab((tab) => {
  if (tab === 'jobs') watchJobs();
});

const wantsSettings = document.body.dataset.view === 'settings';
void initConnect((connected) => {
  for (const tab of ['run', 'jobs', 'tools']) el<HTMLButtonElement>(`tab-${tab}`).disabled = !connected;
}).then((connected) => {
  if (connected && !wantsSettings) showTab('run');
  else showTab('connect');
  if (connected && document.body.dataset.view === 'lead-list') chooseExistingList();
});
