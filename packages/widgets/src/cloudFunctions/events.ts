/** `varde-function-saved` / `varde-function-deleted`: after the cloud confirmed it. */
export interface FunctionChangeDetail {
  name: string;
}

/** `varde-function-run`: a run finished (its status; the output stays in the widget). */
export interface FunctionRunDetail {
  name: string;
  version: number;
  status: 'ok' | 'error' | 'timeout';
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-function-saved': FunctionChangeDetail;
    'varde-function-deleted': FunctionChangeDetail;
    'varde-function-run': FunctionRunDetail;
  }
}
