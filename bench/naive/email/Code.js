// An email-validation script written the way most sheet scripts are. The API validates emails
// in batches only, so each row starts a batch of one and polls it until it ends; one cell write
// at a time, re-run every 10 minutes by a time-driven trigger until every row has a result.

var API_URL = 'https://api.amplemarket.com/email-validations';
var EMAIL_COL = 2;  // column B
var FIRST_OUT = 4;  // columns D and E: Catch-all, Result
var PENDING = 'Pending ';

// Run once from the editor: writes the headers and starts the trigger.
function setup() {
  var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1');
  sheet.getRange(1, FIRST_OUT).setValue('Catch-all');
  sheet.getRange(1, FIRST_OUT + 1).setValue('Result');
  ScriptApp.newTrigger('validateRows').timeBased().everyMinutes(10).create();
}

function call(method, url, key, body) {
  var options = { method: method, headers: { Authorization: 'Bearer ' + key }, muteHttpExceptions: true };
  if (body) {
    options.contentType = 'application/json';
    options.payload = JSON.stringify(body);
  }
  return UrlFetchApp.fetch(url, options);
}

function validateRows() {
  var key = PropertiesService.getScriptProperties().getProperty('API_KEY');
  var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1');
  var data = sheet.getDataRange().getValues();
  var left = 0;
  for (var i = 1; i < data.length; i++) {
    var row = i + 1;
    var status = String(data[i][FIRST_OUT] || '');
    // A row with a result is done.
    if (status && status.indexOf(PENDING) != 0) continue;
    var id;
    if (status) {
      // Started by a run that was cut off: poll the same validation rather than pay again.
      id = status.slice(PENDING.length);
    } else {
      var res = call('post', API_URL, key, { emails: [{ email: data[i][EMAIL_COL - 1] }] });
      if (res.getResponseCode() != 200 && res.getResponseCode() != 202) {
        // Rate limited or failed: leave the row for the next run.
        left++;
        continue;
      }
      id = JSON.parse(res.getContentText()).id;
      sheet.getRange(row, FIRST_OUT + 1).setValue(PENDING + id);
    }
    var done = null;
    for (var tries = 0; tries < 10 && !done; tries++) {
      Utilities.sleep(1000);
      var poll = call('get', API_URL + '/' + id, key);
      if (poll.getResponseCode() != 200) continue;
      var v = JSON.parse(poll.getContentText());
      if (v.status == 'completed' && v.results.length) done = v.results[0];
      else if (v.status == 'canceled' || v.status == 'error') done = { result: v.status, catch_all: '' };
    }
    if (!done) {
      left++;
      continue;
    }
    sheet.getRange(row, FIRST_OUT).setValue(done.catch_all);
    sheet.getRange(row, FIRST_OUT + 1).setValue(done.result);
  }
  if (left == 0) {
    var triggers = ScriptApp.getProjectTriggers();
    for (var t = 0; t < triggers.length; t++) ScriptApp.deleteTrigger(triggers[t]);
  }
}
