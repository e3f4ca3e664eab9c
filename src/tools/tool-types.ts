// What the sidebar sends and receives for the tools (imports into a sheet) and the row actions
// (log calls, review phone numbers): plain JSON on both sides of google.script.run.

export interface ToolProgress {
  /** The sheet written to (new unless the request named an existing one). */
  sheetName: string;
  /** Rows written so far, over every call. */
  written: number;
  done: boolean;
  /** Pass back to `runTool` to continue with the next pages; absent when done. */
  next?: string;
  message: string;
}

export type RowActionId = 'log_calls' | 'review_phones' | 'call_recordings' | 'mailbox_limits';

export interface RowActionField {
  field: string;
  label: string;
  required: boolean;
  /** The header of the column mapped to it, or '' when none is. */
  header: string;
}

export interface RowActionPreview {
  action: RowActionId;
  sheetName: string;
  headers: string[];
  fields: RowActionField[];
  rows: number;
  summary: string;
}

export interface RowActionResult {
  action: RowActionId;
  sent: number;
  succeeded: number;
  failed: number;
  skipped: number;
  message: string;
  /** Every selected row to send was done: none refused, failed or left unsent. */
  complete: boolean;
}
