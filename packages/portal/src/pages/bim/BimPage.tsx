import { useState } from 'react';
import { BimMapperWidget } from '@varde/widgets/bimMapper/Component.js';
import type { BimUnsavedDetail } from '@varde/widgets/bimMapper/events.js';
import { useNavigationGuard } from '../../app/router.js';
import { useTexts } from '../../shell/useTexts.js';
import { LeaveDialog, useLeaveDialog } from './LeaveDialog.js';
import { PageFrame } from '../../shell/PageFrame.js';

/**
 * /bim: the BIM mapping tool (the varde-bim-mapper widget). While the widget has unsaved changes
 * and edges, navigating away in the app asks first (the widget itself guards reload and close).
 * Sign-out never waits: /logout (also the inactivity logout) always goes.
 */
export function BimPage() {
  const t = useTexts(['menu']);
  const [unsaved, setUnsaved] = useState<BimUnsavedDetail>({ unsaved: false, leaveNeedsConfirm: false });
  const leave = useLeaveDialog();
  useNavigationGuard(unsaved.leaveNeedsConfirm ? (to) => (to === '/logout' ? true : leave.ask()) : null);
  return (
    <PageFrame className="bim-page" title={t('menu:bim')} width="full">
      <BimMapperWidget onUnsavedChange={setUnsaved} />
      <LeaveDialog dialog={leave.dialog} close={leave.close} />
    </PageFrame>
  );
}
