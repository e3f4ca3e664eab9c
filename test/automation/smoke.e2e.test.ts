import { connectedWorld, column } from '../support/addon-world';

test('smoke', () => {
  const w = connectedWorld('demo-key-alpha');
  w.host.sheet('Sheet1').load([['Email'], ['ava.lindqvist@harborlogistics.com'], ['ben.okafor@cedarhealth.org']]);
  w.host.select('Sheet1!A1:A3');
  const r = w.host.callFromSidebar('saveAutomation', [{ on: true, actions: ['email'], capPerRun: 100, capPerDay: 500, staleDays: 0, alerts: false }]);
  console.log(r.error?.message, JSON.stringify(r.value, null, 1));
  console.log(w.host.triggerList());
  const t = w.host.fireNextTrigger();
  console.log(t?.ok, t?.error?.message, t?.logs.map((l) => l.message));
  console.log(w.host.sheet('Sheet1').values());
  console.log(JSON.stringify(w.host.callFromSidebar('getAutomation', []).value, null, 1));
  console.log(w.host.triggerList());
  w.host.sheet('Sheet1').load([['cara.mendes@harborlogistics.com']], 'A4');
  const t2 = w.host.fireNextTrigger();
  console.log(t2?.ok, t2?.error?.message);
  console.log(w.host.sheet('Sheet1').values());
  console.log(JSON.stringify(w.host.callFromSidebar('getAutomation', []).value, null, 1));
  expect(column(w, 'Email · Result')).toHaveLength(3);
});
