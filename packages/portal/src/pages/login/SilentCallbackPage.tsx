import { useEffect } from 'react';
import { session } from '../../app/session.js';

/** /login/silent-callback: runs inside the hidden iframe of a silent renewal and hands the result to the parent. */
export function SilentCallbackPage() {
  useEffect(() => {
    void session.completeSilentSignIn(window.location.href).catch(() => undefined);
  }, []);
  return null;
}
