/** The views of the user detail: the overview and the sub-pages of the user path. */
export type UserDetailView = 'overview' | 'sites' | 'accesses' | 'role' | 'licensingpartners';

export const USER_DETAIL_VIEWS: readonly UserDetailView[] = ['overview', 'sites', 'accesses', 'role', 'licensingpartners'];

/**
 * `varde-user-detail-navigate`: the user detail moved to another view (`list` = back to user
 * administration). The portal turns it into its route (/administrate, /administrate/{id}/{view}/).
 */
export interface UserDetailNavigateDetail {
  userId: string;
  view: UserDetailView | 'list';
}

/** `varde-user-updated`: a property, role or access of the user changed (the user after it, without secrets). */
export interface UserUpdatedDetail {
  uid: string;
  username: string;
  role: string;
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-user-detail-navigate': UserDetailNavigateDetail;
    'varde-user-updated': UserUpdatedDetail;
  }
}
