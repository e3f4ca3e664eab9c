// "Refresh formulas in selection": rewrites the add-on's formulas in the selection so Sheets
// computes them again (it keeps a custom function's value until its inputs change).
import { customFunctionBlocks } from '../sheet/formula-blocks';
import { rewriteFormulas, selectedFormulas, toast } from '../gas/formula-port';

export function refreshFormulas(): void {
  const work = selectedFormulas().flatMap((at) => customFunctionBlocks(at.formulas).map((block) => ({ at, block })));
  const cells = work.reduce((n, { block }) => n + block.numRows * block.numColumns, 0);
  if (cells === 0) {
    toast("No formula of the add-on's functions in the selection.");
    return;
  }
  rewriteFormulas(work);
  toast(`Refreshed ${cells} formula${cells === 1 ? '' : 's'}: they are being computed again.`);
}
