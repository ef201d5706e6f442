/**
 * The pair of node editors: the building-model node (BIM GUID, BIM Navn, BIM beskrivelse; the GUID
 * disabled while locked) and the controller-tag node (site from the user's sites or a typed uuid,
 * building, object name, description, substation). Labels are core's Norwegian ones.
 */
import { BIM_NODE_LABELS, TAG_NODE_LABELS, type BimNodeObj, type Site, type TagNodeObj } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';

export interface NodeEditorsProps {
  modelNode: BimNodeObj | null;
  tagNode: TagNodeObj | null;
  /** The building the tag node defaults to. */
  building: string | null;
  guidLocked: boolean;
  sites: Site[];
  t: WidgetTranslate;
  onModelChange: (patch: Partial<Omit<BimNodeObj, 'type'>>) => void;
  onTagChange: (patch: Partial<Omit<TagNodeObj, 'type'>>) => void;
}

interface FieldProps {
  label: string;
  name: string;
  value: string;
  disabled?: boolean;
  list?: string;
  hint?: string;
  onChange: (value: string) => void;
}

function Field({ label, name, value, disabled = false, list, hint, onChange }: FieldProps) {
  return (
    <label className="varde-bim-mapper__field">
      <span>{label}</span>
      <input
        type="text"
        value={value}
        disabled={disabled}
        list={list}
        data-field={name}
        spellCheck={false}
        autoComplete="off"
        title={hint}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </label>
  );
}

export function NodeEditors({ modelNode, tagNode, building, guidLocked, sites, t, onModelChange, onTagChange }: NodeEditorsProps) {
  const model = modelNode ?? { 'BIM GUID': '', 'BIM Navn': '', 'BIM beskrivelse': '' };
  const tag = tagNode ?? { controllerId: '', building: building ?? '', tag: '', description: '', substation: '' };
  return (
    <div className="varde-bim-mapper__editors">
      <fieldset className="varde-bim-mapper__node" part="model-node" data-node="model" data-exists={modelNode ? 'true' : 'false'}>
        <legend>{t('modelNode')}</legend>
        <Field
          label={BIM_NODE_LABELS['BIM GUID']}
          name="bim-guid"
          value={model['BIM GUID']}
          disabled={guidLocked}
          hint={guidLocked ? t('guidLocked') : undefined}
          onChange={(value) => onModelChange({ 'BIM GUID': value })}
        />
        {guidLocked ? <p className="varde-bim-mapper__hint" data-guid-locked>{t('guidLocked')}</p> : null}
        <Field label={BIM_NODE_LABELS['BIM Navn']} name="bim-name" value={model['BIM Navn']} onChange={(value) => onModelChange({ 'BIM Navn': value })} />
        <Field
          label={BIM_NODE_LABELS['BIM beskrivelse']}
          name="bim-description"
          value={model['BIM beskrivelse']}
          onChange={(value) => onModelChange({ 'BIM beskrivelse': value })}
        />
      </fieldset>
      <fieldset className="varde-bim-mapper__node" part="tag-node" data-node="tag" data-exists={tagNode ? 'true' : 'false'}>
        <legend>{t('tagNode')}</legend>
        <Field
          label={TAG_NODE_LABELS.controllerId}
          name="controller-id"
          value={tag.controllerId}
          list="varde-bim-mapper-sites"
          hint={t('chooseSite')}
          onChange={(value) => onTagChange({ controllerId: value })}
        />
        <datalist id="varde-bim-mapper-sites">
          {sites.map((site) => (
            <option key={site.uuid} value={site.uuid} label={site.name} />
          ))}
        </datalist>
        <Field label={TAG_NODE_LABELS.building} name="building" value={tag.building} onChange={(value) => onTagChange({ building: value })} />
        <Field label={TAG_NODE_LABELS.tag} name="tag" value={tag.tag} onChange={(value) => onTagChange({ tag: value })} />
        <Field label={TAG_NODE_LABELS.description} name="description" value={tag.description} onChange={(value) => onTagChange({ description: value })} />
        <Field label={TAG_NODE_LABELS.substation} name="substation" value={tag.substation} onChange={(value) => onTagChange({ substation: value })} />
      </fieldset>
    </div>
  );
}
