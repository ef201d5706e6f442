import { useId, useMemo, useState } from 'react';
import {
  RULE_CHANNELS,
  RULE_NAME_MAX,
  RULE_THRESHOLD_DEFAULT,
  RULE_THRESHOLD_MAX,
  RULE_THRESHOLD_MIN,
  RULE_THRESHOLD_STEP,
  normalizeNordicPhone,
  type NotificationRule,
  type RuleChannel,
  type RuleUser,
} from '@varde/core/contract';
import { validateRuleDraft, type RuleDraft, type RuleDraftErrors } from '@varde/core';
import { Modal } from './Modal.js';

export interface RuleDialogProps {
  siteName: string;
  /** The draft to start from: a stored rule (edit) or a new one (fresh id, threshold 20). */
  initial: RuleDraft;
  /** The rule as stored, when it is (the title says edit or new). */
  stored: NotificationRule | null;
  /** Users who may be picked; null while loading. */
  users: RuleUser[] | null;
  saving: boolean;
  onCancel(): void;
  onSave(rule: NotificationRule): void;
  /** Tests the rule as drafted (saved or not); only called with a valid draft. */
  onTest(rule: NotificationRule): void;
  t(key: string, values?: Record<string, unknown>): string;
}

const FILTER_FROM = 8;

/** The slider's position for a typed threshold (the nearest allowed value, or the default). */
function sliderValue(text: string): number {
  const parsed = Number.parseInt(text, 10);
  if (!Number.isFinite(parsed)) return RULE_THRESHOLD_DEFAULT;
  return Math.min(RULE_THRESHOLD_MAX, Math.max(RULE_THRESHOLD_MIN, parsed));
}

/**
 * The rule dialog: site name, the rule's name (required, 1–80 characters), users multi-select (a checkbox list, filterable when long), channel
 * checkboxes sms and mail, a minutes slider 5–120 step 5 with a field beside it (the threshold is
 * parsed as an integer), the rule id, Cancel / Save and Test rule. Nothing invalid reaches the cloud:
 * Save and Test show the field errors instead. Test works on the draft, saved or not. Ticking SMS
 * for users without a usable phone number warns that they will get no SMS.
 */
export function RuleDialog({ siteName, initial, stored, users, saving, onCancel, onSave, onTest, t }: RuleDialogProps) {
  const [name, setName] = useState(initial.name);
  const [channels, setChannels] = useState<RuleChannel[]>(initial.channeltype);
  const [picked, setPicked] = useState<string[]>(initial.users);
  const [thresholdText, setThresholdText] = useState(String(initial.threshold));
  const [filter, setFilter] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const sliderId = useId();
  const nameId = useId();

  const draft: RuleDraft = { ruleId: initial.ruleId, name, channeltype: channels, threshold: thresholdText, users: picked };
  const known = useMemo(() => (users ? new Set(users.map((user) => user.uid)) : undefined), [users]);
  const checked = validateRuleDraft(draft, known);
  const errors: RuleDraftErrors = checked.ok ? {} : checked.errors;
  const thresholdError = errors.threshold !== undefined;
  // Picked users an SMS cannot reach (no number, or neither Norwegian nor Swedish): warned about, not refused.
  const noPhone = (user: RuleUser) => !user.phone || normalizeNordicPhone(user.phone) === null;
  const smsUnreachable = channels.includes('sms') ? (users ?? []).filter((user) => picked.includes(user.uid) && noPhone(user)) : [];

  // Users already in the rule but not offered (lost the site): shown, so they can be removed.
  const strangers = picked.filter((uid) => known && !known.has(uid));
  const needle = filter.trim().toLowerCase();
  const shown = (users ?? []).filter(
    (user) => needle === '' || user.username.toLowerCase().includes(needle) || user.name.toLowerCase().includes(needle),
  );

  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));
  const errorText = (field: keyof RuleDraftErrors): string | null => {
    if (field === 'threshold') return thresholdError ? t('thresholdInvalid') : null;
    if (!showErrors || !errors[field]) return null;
    if (field === 'name') return t('nameInvalid', { max: RULE_NAME_MAX });
    if (field === 'channeltype') return t('noChannel');
    if (field === 'users') {
      const unknown = picked.find((uid) => known && !known.has(uid));
      return picked.length === 0 ? t('noUser') : unknown ? t('unknownUser', { uid: unknown }) : (errors.users ?? null);
    }
    return errors[field] ?? null;
  };

  function save() {
    setShowErrors(true);
    if (checked.ok) onSave(checked.rule);
  }

  function test() {
    setShowErrors(true);
    if (checked.ok) onTest(checked.rule);
  }

  return (
    <Modal
      kind="rule"
      title={stored ? t('dialogEdit') : t('dialogNew')}
      onClose={onCancel}
      footer={
        <>
          <sl-button
            data-action="test-rule"
            variant="default"
            disabled={saving}
            title={t('testDraftHint')}
            onClick={test}
          >
            {t('testRule')}
          </sl-button>
          <span className="varde-rule-editor__spacer" />
          <sl-button data-action="cancel" onClick={onCancel}>
            {t('cancel')}
          </sl-button>
          <sl-button data-action="save" variant="primary" loading={saving} onClick={save}>
            {t('save')}
          </sl-button>
        </>
      }
    >
      <dl className="varde-rule-editor__facts">
        <dt>{t('site')}</dt>
        <dd data-field="site-name">{siteName}</dd>
        <dt>{t('ruleId')}</dt>
        <dd data-field="rule-id">
          <code>{initial.ruleId}</code>
        </dd>
      </dl>

      <div className="varde-rule-editor__field" data-field="name">
        <label className="varde-rule-editor__label" htmlFor={nameId}>
          {t('name')}
        </label>
        <input
          id={nameId}
          className="varde-rule-editor__input varde-rule-editor__name"
          type="text"
          data-input="name"
          maxLength={RULE_NAME_MAX}
          placeholder={t('namePlaceholder')}
          autoComplete="off"
          aria-invalid={errorText('name') ? true : undefined}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        {errorText('name') ? <p className="varde-rule-editor__error" role="alert">{errorText('name')}</p> : null}
      </div>

      <fieldset className="varde-rule-editor__field" data-field="users" aria-invalid={errorText('users') ? true : undefined}>
        <legend>{t('users')}</legend>
        {users && users.length >= FILTER_FROM ? (
          <input
            className="varde-rule-editor__input"
            type="search"
            aria-label={t('filterUsers')}
            placeholder={t('filterUsers')}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
          />
        ) : null}
        {users === null ? <p className="varde-rule-editor__muted">{t('loading')}</p> : null}
        {users && users.length === 0 ? <p className="varde-rule-editor__muted">{t('noUsers')}</p> : null}
        <ul className="varde-rule-editor__user-list">
          {shown.map((user) => (
            <li key={user.uid}>
              <label>
                <input
                  type="checkbox"
                  data-user={user.uid}
                  checked={picked.includes(user.uid)}
                  onChange={(event) => setPicked(toggle(picked, user.uid, event.currentTarget.checked))}
                />
                <span>{user.name}</span> <span className="varde-rule-editor__muted">{user.username}</span>
                {noPhone(user) ? (
                  <span className="varde-rule-editor__badge" data-no-phone>
                    {t('noPhone')}
                  </span>
                ) : null}
              </label>
            </li>
          ))}
          {strangers.map((uid) => (
            <li key={uid}>
              <label>
                <input type="checkbox" data-user={uid} checked onChange={() => setPicked(toggle(picked, uid, false))} />
                <span>{t('unknownUserLabel', { uid })}</span>
              </label>
            </li>
          ))}
        </ul>
        {errorText('users') ? <p className="varde-rule-editor__error" role="alert">{errorText('users')}</p> : null}
      </fieldset>

      <fieldset className="varde-rule-editor__field" data-field="channels" aria-invalid={errorText('channeltype') ? true : undefined}>
        <legend>{t('channels')}</legend>
        <div className="varde-rule-editor__channels">
          {RULE_CHANNELS.map((channel) => (
            <label key={channel}>
              <input
                type="checkbox"
                data-channel={channel}
                checked={channels.includes(channel)}
                onChange={(event) => setChannels(toggle(channels, channel, event.currentTarget.checked))}
              />
              {t(channel)}
            </label>
          ))}
        </div>
        {errorText('channeltype') ? <p className="varde-rule-editor__error" role="alert">{errorText('channeltype')}</p> : null}
        {smsUnreachable.length > 0 ? (
          <p className="varde-rule-editor__warning" data-warning="sms-no-phone" role="status">
            {t('smsNoPhone', { names: smsUnreachable.map((user) => user.username).join(', ') })}
          </p>
        ) : null}
      </fieldset>

      <div className="varde-rule-editor__field" data-field="threshold">
        <label className="varde-rule-editor__label" htmlFor={sliderId}>
          {t('threshold')}
        </label>
        <div className="varde-rule-editor__threshold">
          <input
            id={sliderId}
            type="range"
            data-input="threshold-slider"
            min={RULE_THRESHOLD_MIN}
            max={RULE_THRESHOLD_MAX}
            step={RULE_THRESHOLD_STEP}
            value={sliderValue(thresholdText)}
            aria-valuetext={t('minutes', { count: sliderValue(thresholdText) })}
            onChange={(event) => setThresholdText(event.currentTarget.value)}
          />
          <input
            className="varde-rule-editor__input varde-rule-editor__minutes"
            type="text"
            inputMode="numeric"
            data-input="threshold"
            aria-label={t('minutesField')}
            aria-invalid={thresholdError ? true : undefined}
            value={thresholdText}
            onChange={(event) => setThresholdText(event.currentTarget.value)}
          />
        </div>
        {errorText('threshold') ? <p className="varde-rule-editor__error" role="alert">{errorText('threshold')}</p> : null}
      </div>
    </Modal>
  );
}
