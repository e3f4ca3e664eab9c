// A company-enrichment script written the way most sheet scripts are: one lookup and one cell
// write at a time, re-run every 10 minutes by a time-driven trigger until every row has a status.

var API_URL = 'https://api.amplemarket.com/companies/find';
var WEBSITE_COL = 3; // column C
var FIRST_OUT = 4;   // columns D to G: Company, Industry, Size, Status

// Run once from the editor: writes the headers and starts the trigger.
function setup() {
  var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1');
  sheet.getRange(1, FIRST_OUT).setValue('Company');
  sheet.getRange(1, FIRST_OUT + 1).setValue('Industry');
  sheet.getRange(1, FIRST_OUT + 2).setValue('Size');
  sheet.getRange(1, FIRST_OUT + 3).setValue('Status');
  ScriptApp.newTrigger('enrichRows').timeBased().everyMinutes(10).create();
}

function enrichRows() {
  var key = PropertiesService.getScriptProperties().getProperty('API_KEY');
  var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1');
  var data = sheet.getDataRange().getValues();
  var left = 0;
  for (var i = 1; i < data.length; i++) {
    var row = i + 1;
    // A row with a status is done: this lets a run cut off at 6 minutes resume where it stopped.
    if (data[i][FIRST_OUT + 2]) continue;
    var domain = String(data[i][WEBSITE_COL - 1]).replace(/^https?:\/\//, '').replace(/^www\./, '').split('/')[0];
    var res = UrlFetchApp.fetch(API_URL + '?domain=' + encodeURIComponent(domain), {
      method: 'get',
      headers: { Authorization: 'Bearer ' + key },
      muteHttpExceptions: true,
    });
    var code = res.getResponseCode();
    if (code == 200) {
      var c = JSON.parse(res.getContentText());
      sheet.getRange(row, FIRST_OUT).setValue(c.name);
      sheet.getRange(row, FIRST_OUT + 1).setValue(c.industry);
      sheet.getRange(row, FIRST_OUT + 2).setValue(c.size);
      sheet.getRange(row, FIRST_OUT + 3).setValue('Found');
    } else if (code == 404) {
      sheet.getRange(row, FIRST_OUT + 3).setValue('Not found');
    } else {
      // Rate limited or failed: leave the row for the next run.
      left++;
    }
  }
  if (left == 0) {
    var triggers = ScriptApp.getProjectTriggers();
    for (var t = 0; t < triggers.length; t++) ScriptApp.deleteTrigger(triggers[t]);
  }
}
