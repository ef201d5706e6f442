export * from './faasClient.js';
export * from './functionsEditorStore.js';
