/**
 * The container's data-state, for tests and hosts to wait on without sleeping:
 *   loading  the viewer data or a model is being fetched/parsed (set synchronously by setVisibility)
 *   ready    every requested model is loaded and drawn
 *   error    the viewer data could not be loaded
 */
export type ViewerDomState = 'loading' | 'ready' | 'error';

export function setViewerState(container: HTMLElement, state: ViewerDomState): void {
  container.setAttribute('data-state', state);
}
