// What this add-on's jobs spent for this user today and this month, in the user's properties:
// every job, automated or not, adds what its results paid for as they are read.
import { addTally, spendAsOf, type DaySpend, type Tally } from '../jobs/credit-parts';
import { parseStored } from './stored-json';
import { spendClock } from './script-utilities';
import { userProperties } from './user-store';

const KEY = 'prospecting.spend';

/** The calendar day now, in the spreadsheet's time zone (as automation's caps count it). */
const today = (spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): string => {
  const { zone, now, dayOf } = spendClock(spreadsheet);
  return dayOf(zone, now);
};

/** Read afresh: another spreadsheet's jobs may have added since this execution began. */
const kept = (): DaySpend | undefined => parseStored<DaySpend>(userProperties().getProperty(KEY));

export const readUserSpend = (spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): DaySpend => spendAsOf(kept(), today(spreadsheet));

export const addUserSpend = (spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, tally: Tally): void => {
  const spend = readUserSpend(spreadsheet);
  addTally(spend.today, tally);
  addTally(spend.month, tally);
  userProperties().setProperty(KEY, JSON.stringify(spend));
};
