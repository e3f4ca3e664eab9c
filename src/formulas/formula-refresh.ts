// "Refresh formulas in selection": rewrites the add-on's formulas in the selection so Sheets
// computes them again (it keeps a custom function's value until its inputs change).
import { customFunctionBlocks } from './formula-blocks';
import { ADDON_NAME } from '../config';
import { rewriteFormulas, selectedFormulas } from '../gas/formula-port';
import { toast } from '../gas/ui';

export const refreshFormulas = (): void => {
  const work = selectedFormulas().flatMap((at) => customFunctionBlocks(at.formulas).map((block) => ({ at, block })));
  const cells = work.reduce((n, { block }) => n + block.numRows * block.numColumns, 0);
  if (cells === 0) {
    toast("No formula of the add-on's functions in the selection.", ADDON_NAME, 6);
    return;
  }
  rewriteFormulas(work);
  toast(`Refreshed ${cells} formula${cells === 1 ? '' : 's'}: they are being computed again.`, ADDON_NAME, 6);
};
