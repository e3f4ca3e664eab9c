// What this add-on's jobs spent for this user today and this month, in the user's properties:
// every job, automated or not, adds what its results paid for as they are read.
import { addTally, spendAsOf, type DaySpend, type Tally } from '../jobs/credit-parts';
import { parseStored } from './stored-json';
import { spendClock } from './script-utilities';
import { userProperties } from './user-store';

const KEY = 'prospecting.spend';

/**
 * As of the calendar day now, in the spreadsheet's time zone (as automation's caps count it); read
 * afresh: another spreadsheet's jobs may have added since this execution began.
 */
export const readUserSpend = (spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): DaySpend => {
  const { zone, now, dayOf } = spendClock(spreadsheet);
  return spendAsOf(parseStored<DaySpend>(userProperties().getProperty(KEY)), dayOf(zone, now));
};

export const addUserSpend = (spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet, tally: Tally): void => {
  const spend = readUserSpend(spreadsheet);
  addTally(spend.today, tally);
  addTally(spend.month, tally);
  userProperties().setProperty(KEY, JSON.stringify(spend));
};
