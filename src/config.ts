// The one place that names the Prospecting API's base address; the build derives
// appsscript.json's urlFetchWhitelist from it and the local host routes it to the local service.
export const API_BASE_URL = 'https://api.amplemarket.com';

export const ADDON_NAME = 'Prospecting for Sheets';

declare const NARROW_BUILD: boolean | undefined;
/**
 * The narrow build (`npm run build -- --narrow`): its manifest asks for `spreadsheets.currentonly`,
 * so a run reaches only the spreadsheet it was made in, and automation, whose one trigger serves
 * every automated spreadsheet by opening it by id, automates one spreadsheet only. The build
 * defines `NARROW_BUILD`; run from source (tests of pure logic) it is not defined: the full build.
 */
export const ONE_SPREADSHEET = typeof NARROW_BUILD === 'boolean' && NARROW_BUILD;
