/**
 * A BimViewer for happy-dom (which has no WebGL): it keeps the adapter's state rules (UNLOADED ->
 * VISIBLE loads, VISIBLE <-> HIDDEN, zoomTo only finds objects of loaded models) over a list of
 * objects, records what the widget asked of it, and lets a test pick an object as a click would.
 */
import type { BimViewer, PickedObject, ViewerEvents, ViewerModelState, ViewerSource } from '../../src/bimMapper/viewer/viewerTypes.js';

export interface RecordingViewer extends BimViewer {
  calls: string[];
  source: ViewerSource;
  /** What a click on the object does in the real viewer. */
  userPicks(globalId: string): void;
}

/** `objects` belong to the model named `modelName` of the viewer token's ViewerData (fetched from its url). */
export function recordingViewers(objects: Omit<PickedObject, 'modelId'>[], modelName: string) {
  const made: RecordingViewer[] = [];
  const factory = async (container: HTMLElement, source: ViewerSource): Promise<RecordingViewer> => {
    const answer = await fetch(source.url);
    if (!answer.ok) throw new Error(`viewer data: HTTP ${answer.status}`);
    const data = (await answer.json()) as { models: { id: string; name: string }[] };
    const models = data.models.map(({ id, name }) => ({ id, name }));
    const home = models.find((model) => model.name === modelName)?.id ?? '';
    const listeners: { [E in keyof ViewerEvents]: Set<ViewerEvents[E]> } = { pick: new Set(), models: new Set() };
    let state: ViewerModelState[] = models.map((model) => ({ ...model, visibility: 'UNLOADED', loading: false }));
    const canvas = container.ownerDocument.createElement('canvas');
    container.append(canvas);
    const changed = () => listeners.models.forEach((listener) => listener(state.map((model) => ({ ...model }))));
    const loaded = (modelId: string) => state.some((model) => model.id === modelId && model.visibility !== 'UNLOADED');
    const viewer: RecordingViewer = {
      kind: source.kind,
      calls: [],
      source,
      models: () => state.map((model) => ({ ...model })),
      async setVisibility(modelId, visibility) {
        viewer.calls.push(`setVisibility ${modelId} ${visibility}`);
        state = state.map((model) => (model.id === modelId ? { ...model, visibility } : model));
        changed();
      },
      async loadAll() {
        viewer.calls.push('loadAll');
        state = state.map((model) => ({ ...model, visibility: 'VISIBLE' }));
        changed();
      },
      zoomTo(globalId) {
        viewer.calls.push(`zoomTo ${globalId}`);
        return objects.some((object) => object.globalId === globalId) && loaded(home);
      },
      highlight(globalId) {
        viewer.calls.push(`highlight ${globalId}`);
      },
      setSection(mode, position) {
        viewer.calls.push(`setSection ${mode} ${position ?? ''}`);
      },
      on(event, listener) {
        (listeners[event] as Set<typeof listener>).add(listener);
        return () => (listeners[event] as Set<typeof listener>).delete(listener);
      },
      dispose() {
        viewer.calls.push('dispose');
        canvas.remove();
      },
      userPicks(globalId) {
        const object = objects.find((item) => item.globalId === globalId);
        if (object) listeners.pick.forEach((listener) => listener({ ...object, modelId: home }));
      },
    };
    made.push(viewer);
    return viewer;
  };
  return { made, load: async () => factory };
}
