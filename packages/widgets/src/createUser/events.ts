import type { Role } from '@varde/core/contract';

/** `varde-user-created`: a user was created through the form. No password or token in it. */
export interface UserCreatedDetail {
  uid: string;
  /** The new user's e-mail (sign-in name). */
  username: string;
  name: string;
  role: Role;
  /** The sites the user was given. */
  controllers: string[];
  /** The controller the form was embedded for (null in the add-user dialog). */
  controllerId: string | null;
}

declare module '../shared/events.js' {
  interface VardeEventMap {
    'varde-user-created': UserCreatedDetail;
  }
}
