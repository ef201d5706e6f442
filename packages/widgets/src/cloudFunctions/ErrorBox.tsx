import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

/** The dismissible error box with the server's detail (spec §8: any non-ok response). */
export function ErrorBox({ message, onDismiss, t }: { message: string; onDismiss(): void; t: WidgetTranslate }) {
  return (
    <div className="varde-cloud-functions__error" role="alert" part="error">
      <div>
        <strong>{t('errorTitle')}</strong>
        <p data-error-detail>{message}</p>
      </div>
      <button type="button" className="varde-cloud-functions__dismiss" onClick={onDismiss} aria-label={t('dismiss')} data-action="dismiss-error">
        ×
      </button>
    </div>
  );
}
