/** The on()/emit() pair both local viewers share: listeners of 'pick' and 'models'. */
import type { ViewerEvents } from '../viewerTypes.js';

export class ViewerEmitter {
  private listeners: { [E in keyof ViewerEvents]: Set<ViewerEvents[E]> } = { pick: new Set(), models: new Set() };

  on<E extends keyof ViewerEvents>(event: E, listener: ViewerEvents[E]): () => void {
    const set = this.listeners[event] as Set<ViewerEvents[E]>;
    set.add(listener);
    return () => void set.delete(listener);
  }

  emit<E extends keyof ViewerEvents>(event: E, ...args: Parameters<ViewerEvents[E]>): void {
    for (const listener of [...(this.listeners[event] as Set<(...values: Parameters<ViewerEvents[E]>) => void>)]) {
      try {
        listener(...args);
      } catch (error) {
        console.warn(`varde viewer: a ${event} listener failed`, error);
      }
    }
  }

  clear(): void {
    this.listeners.pick.clear();
    this.listeners.models.clear();
  }
}
