// The values Sheets shows for a formula that failed (`#N/A`, `#ERROR!` …): what a cell shows is
// what is sent, and these are not data, so a row holding one is refused with the reason.

const ERRORS = /^#(?:N\/A|REF!|VALUE!|DIV\/0!|NAME\?|NUM!|NULL!|ERROR!|SPILL!|CALC!|LOADING\.\.\.|GETTING_DATA)$/i;

export const isFormulaError = (value: unknown): value is string => typeof value === 'string' && ERRORS.test(value.trim());
