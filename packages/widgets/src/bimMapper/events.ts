/** `varde-bim-unsaved-change`: the unsaved flag changed (`leaveNeedsConfirm`: unsaved changes and edges). */
export interface BimUnsavedDetail {
  unsaved: boolean;
  leaveNeedsConfirm: boolean;
}

/** `varde-bim-saved`: "save all" stored the building's connections. */
export interface BimSavedDetail {
  building: string | null;
  connections: number;
}

/** `varde-bim-pick`: an object was picked in a viewer (it fills the model node). */
export interface BimPickDetail {
  globalId: string;
  name: string;
  viewer: 'viewer3d' | 'viewer2d';
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-bim-unsaved-change': BimUnsavedDetail;
    'varde-bim-saved': BimSavedDetail;
    'varde-bim-pick': BimPickDetail;
  }
}
