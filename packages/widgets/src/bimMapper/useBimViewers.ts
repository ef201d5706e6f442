/**
 * The 3D and the 2D viewer of the Administrer tab: each made into its own container by the viewer
 * factory, from the viewer token's URL (cached in local storage for 1 hour, fetched again under 60 s
 * left: core viewerUrl). Picking in one fills the model node and highlights the object in the other.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  createBimServiceClient,
  isViewerUrlFresh,
  readCachedViewerUrl,
  viewerUrl,
  viewerUrlCacheKey,
  type BimServiceConfig,
  type HttpClient,
  type ViewerUrlStorage,
} from '@varde/core';
import type { BimViewer, PickedObject, SectionMode, ViewerLook, ViewerModelState } from './viewer/viewerTypes.js';
import type { ViewerFactoryLoader, ViewerKind } from './viewerLoader.js';

export interface ViewerSlot {
  status: 'off' | 'loading' | 'ready' | 'failed';
  error?: string;
}

export interface BimViewers {
  slots: Record<ViewerKind, ViewerSlot>;
  /** The models and their visibility (the 3D viewer's view of them, else the 2D's). */
  models: ViewerModelState[];
  setVisibility(modelId: string, visibility: 'VISIBLE' | 'HIDDEN'): void;
  loadAll(): void;
  /** false: neither viewer has the object in a loaded model. */
  zoomTo(globalId: string): boolean;
  highlight(globalId: string | null): void;
  setSection(mode: SectionMode, position: number): void;
}

export interface UseBimViewersOptions {
  http: HttpClient | null;
  config: BimServiceConfig | null;
  containers: Record<ViewerKind, RefObject<HTMLDivElement | null>>;
  /** The page's scheme and the viewers' words, followed live. */
  look: ViewerLook;
  loadFactory: ViewerFactoryLoader;
  onPick: (object: PickedObject, kind: ViewerKind) => void;
}

const KINDS: ViewerKind[] = ['viewer3d', 'viewer2d'];

function browserStorage(): ViewerUrlStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked (privacy settings): no cache
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function useBimViewers({ http, config, containers, look, loadFactory, onPick }: UseBimViewersOptions): BimViewers {
  const viewers = useRef<Partial<Record<ViewerKind, BimViewer>>>({});
  const [slots, setSlots] = useState<Record<ViewerKind, ViewerSlot>>({ viewer3d: { status: 'off' }, viewer2d: { status: 'off' } });
  const [modelsByKind, setModelsByKind] = useState<Partial<Record<ViewerKind, ViewerModelState[]>>>({});
  const pickHandler = useRef(onPick);
  pickHandler.current = onPick;
  const lookNow = useRef(look);
  lookNow.current = look;

  useEffect(() => {
    if (!http || !config) return;
    let cancelled = false;
    const made: BimViewer[] = [];
    const unsubscribe: (() => void)[] = [];
    // The session's BIM token: no client secret in the browser.
    const bim = createBimServiceClient({ http, credentials: 'session', projectId: config.projectId });

    const start = async (kind: ViewerKind) => {
      const container = containers[kind].current;
      if (!container) return;
      setSlots((current) => ({ ...current, [kind]: { status: 'loading' } }));
      try {
        const storage = browserStorage();
        const key = viewerUrlCacheKey(config.projectId, kind);
        const fromCache = isViewerUrlFresh(readCachedViewerUrl(storage, key), Date.now());
        const factory = await loadFactory(kind);
        const make = async () => {
          const url = await viewerUrl(storage, key, Date.now(), async () => {
            const token = await bim.viewerToken(kind);
            return { url: token.url, expiresInSeconds: token.expiresIn };
          });
          if (cancelled) return null;
          return factory(container, { kind, url });
        };
        let viewer: BimViewer | null;
        try {
          viewer = await make();
        } catch (error) {
          // A cached URL can die before its hour is up (the service restarted, the token was
          // revoked): forget it and try once with a fresh token.
          if (!fromCache || cancelled) throw error;
          storage?.setItem(key, JSON.stringify({ url: '', expiresAt: 0 }));
          viewer = await make();
        }
        if (!viewer) return;
        if (cancelled) {
          viewer.dispose();
          return;
        }
        made.push(viewer);
        viewers.current[kind] = viewer;
        viewer.setLook?.(lookNow.current);
        unsubscribe.push(
          viewer.on('models', (models) => setModelsByKind((current) => ({ ...current, [kind]: models }))),
          viewer.on('pick', (object) => {
            for (const other of KINDS) if (other !== kind) viewers.current[other]?.highlight(object.globalId);
            pickHandler.current(object, kind);
          }),
        );
        setModelsByKind((current) => ({ ...current, [kind]: viewer.models() }));
        setSlots((current) => ({ ...current, [kind]: { status: 'ready' } }));
      } catch (error) {
        // Spec §8: BIM call failures are logged; the widget also says the viewer is unavailable.
        console.warn(`varde-bim-mapper: the ${kind} could not be loaded`, error);
        if (!cancelled) setSlots((current) => ({ ...current, [kind]: { status: 'failed', error: messageOf(error) } }));
      }
    };
    for (const kind of KINDS) void start(kind);

    return () => {
      cancelled = true;
      for (const stop of unsubscribe) stop();
      for (const viewer of made) viewer.dispose();
      viewers.current = {};
      setModelsByKind({});
    };
  }, [http, config, containers, loadFactory]);

  const each = useCallback((action: (viewer: BimViewer) => unknown) => {
    for (const kind of KINDS) {
      const viewer = viewers.current[kind];
      if (!viewer) continue;
      Promise.resolve(action(viewer)).catch((error: unknown) => console.warn(`varde-bim-mapper: ${kind}`, error));
    }
  }, []);

  const { dark, storeyLabel } = look;
  useEffect(() => {
    for (const kind of KINDS) viewers.current[kind]?.setLook?.({ dark, storeyLabel });
  }, [dark, storeyLabel]);

  const highlight = useCallback((globalId: string | null) => each((viewer) => viewer.highlight(globalId)), [each]);

  return {
    slots,
    models: modelsByKind.viewer3d ?? modelsByKind.viewer2d ?? [],
    setVisibility: (modelId, visibility) => each((viewer) => viewer.setVisibility(modelId, visibility)),
    loadAll: () => each((viewer) => viewer.loadAll()),
    zoomTo(globalId) {
      let found = false;
      for (const kind of KINDS) {
        const viewer = viewers.current[kind];
        if (viewer?.zoomTo(globalId)) found = true;
      }
      return found;
    },
    highlight,
    setSection: (mode, position) => viewers.current.viewer3d?.setSection(mode, position),
  };
}
