import { useEffect, useState } from 'react';
import { controllerFrameUrl, openPortalIdSession } from '@varde/core';
import { session } from '../../app/session.js';

export type PortalFrame = { kind: 'idle' } | { kind: 'connecting' } | { kind: 'ready'; url: string } | { kind: 'failed' };

/**
 * The frame link for one site: the firebase ID token is exchanged on the site's controller proxy
 * socket for a portal id (core's openPortalIdSession). The socket stays open while the frame is
 * shown. `attempt` restarts the exchange (retry).
 */
export function usePortalFrame(siteUuid: string | null, attempt: number): PortalFrame {
  const [frame, setFrame] = useState<PortalFrame>({ kind: 'idle' });

  useEffect(() => {
    if (!siteUuid) {
      setFrame({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    let close: (() => void) | null = null;
    setFrame({ kind: 'connecting' });
    const proxyUrl = session.settings.services['controller-proxy'];
    openPortalIdSession({
      proxyUrl,
      siteUuid,
      firebaseToken: async () => (await session.realtime?.idToken()) ?? null,
      signal: controller.signal,
    })
      .then((opened) => {
        if (controller.signal.aborted) return opened.close();
        close = opened.close;
        setFrame({ kind: 'ready', url: controllerFrameUrl(proxyUrl, siteUuid, opened.portalId) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFrame({ kind: 'failed' });
      });
    return () => {
      controller.abort();
      close?.();
    };
  }, [siteUuid, attempt]);

  return frame;
}
