export {
  listFunctions,
  getFunction,
  saveFunction,
  deleteFunction,
  runFunction,
  functionServiceQuery,
  type FaasCallOptions,
} from './faasClient.js';
export {
  createFunctionsEditorStore,
  startFunctionListRefresh,
  newFunctionDraft,
  FUNCTION_LIST_REFRESH_MS,
  type FunctionDraft,
  type EditableField,
  type FunctionsEditorState,
  type FunctionsEditorOptions,
} from './functionsEditorStore.js';
