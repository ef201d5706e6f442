/**
 * The question before leaving /bim with unsaved changes (spec core-shell §4), as a modal <dialog>:
 * `ask()` opens it and resolves true (leave) or false (stay; also Escape).
 */
import { useCallback, useRef } from 'react';
import { useBimTexts } from './useBimTexts.js';

export function useLeaveDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const answer = useRef<((leave: boolean) => void) | null>(null);

  const close = useCallback((leave: boolean) => {
    const resolve = answer.current;
    answer.current = null;
    if (dialog.current?.open) dialog.current.close();
    resolve?.(leave);
  }, []);

  const ask = useCallback((): Promise<boolean> => {
    answer.current?.(false);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
      dialog.current?.showModal();
    });
  }, []);

  return { dialog, ask, close };
}

export function LeaveDialog({ dialog, close }: Pick<ReturnType<typeof useLeaveDialog>, 'dialog' | 'close'>) {
  const t = useBimTexts();
  return (
    <dialog ref={dialog} className="bim-leave-dialog" aria-labelledby="bim-leave-text" onCancel={() => close(false)}>
      <p id="bim-leave-text">{t('bim:confirmLeaveUnsaved')}</p>
      <div className="bim-leave-dialog__buttons">
        <button type="button" className="bim-leave-dialog__stay" data-action="stay" autoFocus onClick={() => close(false)}>
          {t('bim:stay')}
        </button>
        <button type="button" className="bim-leave-dialog__leave" data-action="leave" onClick={() => close(true)}>
          {t('bim:leave')}
        </button>
      </div>
    </dialog>
  );
}
