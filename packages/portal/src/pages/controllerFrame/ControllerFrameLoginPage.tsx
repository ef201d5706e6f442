import { useEffect } from 'react';
import { navigate, useLocation } from '../../app/router.js';
import { useSession } from '../../app/useSession.js';
import { safeRedirect } from '../../app/safeRedirect.js';
import { ControllerFrameLayout } from './ControllerFrameLayout.js';

/** Where the controller-frame login goes when no redirect is given (the create-user form). */
export const CONTROLLER_FRAME_DEFAULT_REDIRECT = '/controllerUserAdmin';

/** True for /login?controllerframe…: the variant signed in with the form inside the frame. */
export function isControllerFrameLogin(search: URLSearchParams): boolean {
  return search.has('controllerframe');
}

/**
 * /login?controllerframe&redirect=/controllerUserAdmin: the password + SMS form in the frame. The
 * session stores the user data on sign-in; then the redirect (the create-user form, which loads the
 * admin's controllers itself).
 */
export function ControllerFrameLoginPage() {
  const { search } = useLocation();
  const { state } = useSession();
  const target = safeRedirect(search.get('redirect')) ?? CONTROLLER_FRAME_DEFAULT_REDIRECT;
  useEffect(() => {
    if (state === 'signed-in') navigate(target, { replace: true });
  }, [state, target]);
  return <ControllerFrameLayout>{null}</ControllerFrameLayout>;
}
