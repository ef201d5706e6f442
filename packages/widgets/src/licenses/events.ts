/** `varde-license-change`: a licence was generated, renewed, edited or archived (the new id; no file, no token). */
export interface LicenseChangeDetail {
  action: 'generated' | 'renewed' | 'edited' | 'archived';
  partner: string;
  id: string;
  /** The licence replaced (renewed, edited). */
  previousLicenseID?: string;
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-license-change': LicenseChangeDetail;
  }
}
