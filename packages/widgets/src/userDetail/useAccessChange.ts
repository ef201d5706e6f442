/**
 * One access change at a time (admin-modules spec: toggles flip with a loading indicator and block
 * further clicks meanwhile). The switch shows the wished state while the request runs; the server's
 * answer then becomes the user; a failure puts the switch back and opens the 'Failed to modify
 * access' dialog with the status.
 */
import { useCallback, useState } from 'react';
import { describeError, isHttpError } from '@varde/core';
import type { ManagedUser } from '@varde/core/contract';

export interface PendingChange {
  /** `sites:<uuid>`, `modules:<key>`, `licensingPartners:<id>` or `role`. */
  key: string;
  /** What the control shows meanwhile (on/off, or the chosen role). */
  wished: boolean | string;
}

export interface AccessFailure {
  status: string;
}

export function useAccessChange(onUser: (user: ManagedUser) => void) {
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [failure, setFailure] = useState<AccessFailure | null>(null);

  const run = useCallback(
    async (change: PendingChange, request: () => Promise<ManagedUser>) => {
      if (pending) return; // blocked while another change runs
      setPending(change);
      try {
        onUser(await request());
      } catch (error) {
        setFailure({ status: isHttpError(error) ? `${error.status} ${error.statusText}${error.detail ? `: ${error.detail}` : ''}` : describeError(error) });
      } finally {
        setPending(null);
      }
    },
    [pending, onUser],
  );
  return { pending, failure, clearFailure: () => setFailure(null), run };
}
