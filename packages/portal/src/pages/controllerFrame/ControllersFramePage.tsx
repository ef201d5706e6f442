import { useEffect } from 'react';
import { navigate } from '../../app/router.js';
import { CompactSiteList } from '../altLayout/CompactSiteList.js';
import { ControllerFrameLayout } from './ControllerFrameLayout.js';

/** /controllerframe/controllersframe: the user's sites inside a controller frame. */
export function ControllersFramePage() {
  return (
    <ControllerFrameLayout>
      <CompactSiteList />
    </ControllerFrameLayout>
  );
}

/** /controllerframe itself has no page of its own: it shows its controllersframe child. */
export function ControllerFrameIndexPage() {
  useEffect(() => navigate('/controllerframe/controllersframe', { replace: true }), []);
  return null;
}
