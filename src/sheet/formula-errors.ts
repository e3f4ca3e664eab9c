// The values Sheets shows for a formula that failed (`#N/A`, `#ERROR!` …): what a cell shows is
// what is sent, and these are not data, so a row holding one is refused with the reason.
import { isString } from '../base/is-string';

const ERRORS = /^#(?:N\/A|REF!|VALUE!|DIV\/0!|NAME\?|NUM!|NULL!|ERROR!|SPILL!|CALC!|LOADING\.\.\.|GETTING_DATA)$/i;

const isFormulaError = (value: unknown): value is string => isString(value) && ERRORS.test(value.trim());

/** Why a row is refused when its cell headed `label` shows a failed formula's value; undefined when it does not. */
export const formulaErrorIn = (label: string, value: unknown): string | undefined =>
  isFormulaError(value) ? `The ${label} cell shows ${value.trim()}, which is not a value to send` : undefined;
