// A person-enrichment script written the way most sheet scripts are: one lookup and one cell
// write at a time, re-run every 10 minutes by a time-driven trigger until every row has a status.

var API_URL = 'https://api.amplemarket.com/people/find';
var EMAIL_COL = 2;   // column B
var FIRST_OUT = 4;   // columns D to G: Full name, Title, Company, Status

// Run once from the editor: writes the headers and starts the trigger.
function setup() {
  var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1');
  sheet.getRange(1, FIRST_OUT).setValue('Full name');
  sheet.getRange(1, FIRST_OUT + 1).setValue('Title');
  sheet.getRange(1, FIRST_OUT + 2).setValue('Company');
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
    var email = data[i][EMAIL_COL - 1];
    var res = UrlFetchApp.fetch(API_URL + '?email=' + encodeURIComponent(email), {
      method: 'get',
      headers: { Authorization: 'Bearer ' + key },
      muteHttpExceptions: true,
    });
    var code = res.getResponseCode();
    if (code == 200) {
      var p = JSON.parse(res.getContentText());
      sheet.getRange(row, FIRST_OUT).setValue(p.name);
      sheet.getRange(row, FIRST_OUT + 1).setValue(p.title);
      sheet.getRange(row, FIRST_OUT + 2).setValue(p.company ? p.company.name : '');
      sheet.getRange(row, FIRST_OUT + 3).setValue('Enriched');
    } else if (code == 404) {
      sheet.getRange(row, FIRST_OUT + 3).setValue('Not found');
    } else if (code == 451) {
      sheet.getRange(row, FIRST_OUT + 3).setValue('Removed for privacy');
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
