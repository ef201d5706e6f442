/** `varde-ml-select`: the user selected a model, a version, a new model draft, or nothing. */
export interface MlSelectDetail {
  kind: 'model' | 'version' | 'new-model' | null;
  modelId: string | null;
  versionId: string | null;
}

/** `varde-ml-saved`: a model or version was saved (created or changed). */
export interface MlSavedDetail {
  kind: 'model' | 'version';
  modelId: string;
  versionId: string | null;
}

/** `varde-ml-training-started`: training of a version was started. */
export interface MlTrainingStartedDetail {
  modelId: string;
  versionId: string;
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-ml-select': MlSelectDetail;
    'varde-ml-saved': MlSavedDetail;
    'varde-ml-training-started': MlTrainingStartedDetail;
  }
}
