// The one place that names the Prospecting API's base address; the build derives
// appsscript.json's urlFetchWhitelist from it and the local host routes it to the local service.
export const API_BASE_URL = 'https://api.amplemarket.com';

export const ADDON_NAME = 'Prospecting for Sheets';
