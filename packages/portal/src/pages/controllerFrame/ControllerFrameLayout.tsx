import type { ReactNode } from 'react';
import { useSession } from '../../app/useSession.js';
import { PasswordSmsLoginForm } from '../customerLogin/PasswordSmsLoginForm.js';
import { useTexts } from '../../shell/useTexts.js';

/**
 * The wrapper of pages shown inside a controller's frame (/controllerframe/…): no header or menu.
 * Not signed in, it asks for the password (+ SMS code) in place, because the identity provider's
 * pages may not be framed; signed in, it shows the child page.
 */
export function ControllerFrameLayout(props: { children: ReactNode }) {
  const t = useTexts('portalPages');
  const { state } = useSession();
  return (
    <div className="controller-frame">
      {state === 'signed-in' ? (
        props.children
      ) : (
        <div className="controller-frame-login">
          <p className="controller-frame-hint">{t('controllerFrame.signInToContinue')}</p>
          <PasswordSmsLoginForm idPrefix="frame" onSignedIn={() => undefined} />
        </div>
      )}
    </div>
  );
}
