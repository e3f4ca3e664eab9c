// The sidebar's entry: tabs, the five views, and where it opens (the menu's Settings opens Connect,
// its Find item the Find tab, its "Add to a sequence…" the sequence part of Tools).
import { el } from './dom';
import { initTabs, onTab, showTab } from './tabs';
import { initConnect } from './views/connect';
import { initFind, watchFind } from './views/find';
import { initJobs, watchJobs } from './views/jobs';
import { chooseExistingList, initRun } from './views/run';
import { initTools } from './views/tools';
import { loadSequences } from './views/sequence';

initTabs();
initRun(() => {
  showTab('jobs');
});
initJobs();
initTools();
initFind();
onTab((tab) => {
  if (tab === 'jobs') watchJobs();
  if (tab === 'find') watchFind();
  if (tab === 'tools') void loadSequences();
});

const view = document.body.dataset.view;
const wantsSettings = view === 'settings';
void initConnect((connected) => {
  for (const tab of ['run', 'jobs', 'tools', 'find']) el<HTMLButtonElement>(`tab-${tab}`).disabled = !connected;
}).then((connected) => {
  if (connected && view === 'sequence') {
    showTab('tools');
    el('seq-form').scrollIntoView();
    el('seq-sequence').focus();
  } else if (connected && !wantsSettings) showTab(view === 'find' ? 'find' : 'run');
  else showTab('connect');
  if (connected && document.body.dataset.view === 'lead-list') chooseExistingList();
});
