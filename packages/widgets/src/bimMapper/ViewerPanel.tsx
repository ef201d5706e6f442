/**
 * The viewers and their controls: per-model visibility (UNLOADED -> VISIBLE loads, VISIBLE <-> HIDDEN),
 * load all, the section plane (none / top / front, a slider for its position) and zoom to a GlobalId.
 */
import { useRef, useState, type RefObject } from 'react';
import '../shared/shoelaceElements.js';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import type { BimViewers } from './useBimViewers.js';
import type { SectionMode } from './viewer/viewerTypes.js';
import type { ViewerKind } from './viewerLoader.js';

export interface ViewerPanelProps {
  viewers: BimViewers;
  containers: Record<ViewerKind, RefObject<HTMLDivElement | null>>;
  configured: boolean;
  t: WidgetTranslate;
  /** zoomTo found nothing: the widget shows the bim:objectNotFound alert. */
  onNotFound: () => void;
}

const SECTION_MODES: SectionMode[] = ['none', 'top', 'front'];

export function ViewerPanel({ viewers, containers, configured, t, onNotFound }: ViewerPanelProps) {
  const [section, setSection] = useState<SectionMode>('none');
  const [position, setPosition] = useState(0.5);
  const zoomField = useRef<HTMLInputElement>(null);
  const anyReady = viewers.slots.viewer3d.status === 'ready' || viewers.slots.viewer2d.status === 'ready';
  // An empty viewer says why, rather than looking broken: models load on request (Load / Load all).
  const noModelShown = !viewers.models.some((model) => model.visibility === 'VISIBLE' || model.loading);

  function changeSection(mode: SectionMode, at: number) {
    setSection(mode);
    setPosition(at);
    viewers.setSection(mode, at);
  }

  function zoom() {
    const globalId = zoomField.current?.value.trim() ?? '';
    if (globalId === '' || !anyReady) return;
    if (!viewers.zoomTo(globalId)) onNotFound();
  }

  return (
    <section className="varde-bim-mapper__viewers" part="viewers">
      {!configured ? <p className="varde-bim-mapper__muted" data-viewer-note>{t('viewerNotConfigured')}</p> : null}
      <div className="varde-bim-mapper__toolbar" part="viewer-controls">
        <fieldset className="varde-bim-mapper__models" data-models>
          <legend>{t('models')}</legend>
          {viewers.models.map((model) => (
            <div key={model.id} className="varde-bim-mapper__model" data-model={model.id} data-visibility={model.visibility} data-loading={model.loading ? 'true' : 'false'}>
              <span className="varde-bim-mapper__model-name">{model.name}</span>
              <span className="varde-bim-mapper__model-state">
                {model.loading ? t('modelLoading') : t(`visibility_${model.visibility}`)}
              </span>
              <sl-button
                size="small"
                disabled={model.loading}
                data-action="toggle-model"
                onClick={() => viewers.setVisibility(model.id, model.visibility === 'VISIBLE' ? 'HIDDEN' : 'VISIBLE')}
              >
                {model.visibility === 'UNLOADED' ? t('load') : model.visibility === 'VISIBLE' ? t('hide') : t('show')}
              </sl-button>
              {model.error ? <span className="varde-bim-mapper__error-text">{model.error}</span> : null}
            </div>
          ))}
          <sl-button size="small" variant="primary" disabled={!anyReady} data-action="load-all" onClick={() => viewers.loadAll()}>
            {t('loadAll')}
          </sl-button>
        </fieldset>
        <fieldset className="varde-bim-mapper__section" data-section>
          <legend>{t('section')}</legend>
          <div className="varde-bim-mapper__segmented" role="radiogroup" aria-label={t('section')}>
            {SECTION_MODES.map((mode) => (
              <label key={mode}>
                <input type="radio" name="section" value={mode} checked={section === mode} data-section-mode={mode} onChange={() => changeSection(mode, position)} />
                {t(`section_${mode}`)}
              </label>
            ))}
          </div>
          <label className="varde-bim-mapper__slider">
            <span>{t('sectionPosition')}</span>
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(position * 100)}
              disabled={section === 'none'}
              data-field="section-position"
              onChange={(event) => changeSection(section, Number(event.currentTarget.value) / 100)}
            />
          </label>
        </fieldset>
        <form
          className="varde-bim-mapper__zoom"
          onSubmit={(event) => {
            event.preventDefault();
            zoom();
          }}
        >
          <label className="varde-bim-mapper__field">
            <span>{t('zoomTo')}</span>
            <input ref={zoomField} type="text" data-field="zoom-global-id" spellCheck={false} autoComplete="off" />
          </label>
          <sl-button size="small" data-action="zoom" disabled={!anyReady} onClick={zoom}>
            {t('zoom')}
          </sl-button>
        </form>
      </div>
      <div className="varde-bim-mapper__viewer-grid">
        {(['viewer3d', 'viewer2d'] as const).map((kind) => (
          <figure key={kind} className="varde-bim-mapper__viewer" part={kind} data-viewer={kind} data-status={viewers.slots[kind].status}>
            <figcaption>{t(kind)}</figcaption>
            <div ref={containers[kind]} className="varde-bim-mapper__viewer-host" data-viewer-host={kind} />
            {viewers.slots[kind].status === 'loading' ? <p className="varde-bim-mapper__viewer-note">{t('viewerLoading')}</p> : null}
            {viewers.slots[kind].status === 'ready' && noModelShown ? (
              <p className="varde-bim-mapper__viewer-note" data-viewer-empty>
                {t('noModelShown')}
              </p>
            ) : null}
            {viewers.slots[kind].status === 'failed' ? (
              <p className="varde-bim-mapper__viewer-note varde-bim-mapper__error-text" role="status">
                {t('viewerFailed', { message: viewers.slots[kind].error ?? '' })}
              </p>
            ) : null}
          </figure>
        ))}
      </div>
    </section>
  );
}
