// The sidebar's way into automation: turn it on or off for the active sheet, see its history,
// retry a run's failed rows, run it now.
import type { AutomationInput, AutomationView } from '../automation/automation-view';

export function getAutomation(): AutomationView {
  throw new Error('Automation is not available yet.');
}

export function saveAutomation(_input: AutomationInput): AutomationView {
  throw new Error('Automation is not available yet.');
}

export function retryFailedRows(_runId: string): AutomationView {
  throw new Error('Automation is not available yet.');
}

export function runAutomationNow(): AutomationView {
  throw new Error('Automation is not available yet.');
}
