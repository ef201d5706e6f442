/** `varde-user-edit`: the edit action of a row (the portal opens /administrate/{uid}). */
export interface UserEditDetail {
  uid: string;
  username: string;
}

/** `varde-user-deleted`: a user was deleted after confirmation. */
export interface UserDeletedDetail {
  uid: string;
  username: string;
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-user-edit': UserEditDetail;
    'varde-user-deleted': UserDeletedDetail;
  }
}
