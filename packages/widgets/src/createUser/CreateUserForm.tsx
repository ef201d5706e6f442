/**
 * The add-user form, shared by the embedded <varde-create-user> and the add-user dialog of user
 * administration. Fields and rules: admin-modules spec sections 2 and 5; role choices follow the
 * grant matrix (the same `grantableRoles` the server enforces). Errors sit beside their fields (the
 * control's help text, which Shoelace ties to the input with aria-describedby), the first invalid
 * field takes the focus, Enter in any field submits.
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { createUser, describeError, i18n, isHttpError, isLanguage, isUserExistsError, type Session } from '@varde/core';
import { grantableRoles, type ManagedUser, type Role, type UserData } from '@varde/core/contract';
import type { WidgetTranslate } from '../shared/useWidgetTranslation.js';
import '../shared/shoelaceElements.js';
import { useSiteChoices } from './siteChoices.js';
import { useFieldEvents, type FieldValue } from './useFieldEvents.js';
import { NEW_USER_FIELDS, validateNewUser, type NewUserErrors, type NewUserValues } from './validation.js';

export interface CreateUserFormProps {
  session: Session;
  /** The signed-in user (their role decides the role choices). */
  actor: UserData;
  tokensVersion: number;
  t: WidgetTranslate;
  /** Whether a password must be given. Both the portal dialog and the embedded form leave it optional: without one the cloud e-mails an invitation. */
  requirePassword: boolean;
  /** Sites selected at the start (the controller the form is embedded for). */
  presetSites?: readonly string[];
  /** After a successful create. */
  onCreated: (user: ManagedUser) => void;
  /** Shows a cancel button (the dialog). */
  onCancel?: () => void;
  /** Show 'User was created successfully!' in the form itself (the embedded form; the dialog uses a snackbar). */
  inlineSuccess: boolean;
}

type Outcome = { kind: 'success' | 'warning' | 'error'; text: string } | null;

const emptyValues = (sites: readonly string[]): NewUserValues => ({ email: '', name: '', password: '', role: '', phone: '', sites: [...sites] });

export function CreateUserForm(props: CreateUserFormProps) {
  const { session, actor, t } = props;
  const roles = useMemo(() => grantableRoles(actor.role, actor.systemAdmin), [actor.role, actor.systemAdmin]);
  const presetSites = props.presetSites ?? [];
  const [values, setValues] = useState<NewUserValues>(() => emptyValues(presetSites));
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const sites = useSiteChoices(session.http, props.tokensVersion);

  const errors: NewUserErrors = showErrors ? validateNewUser(values, { requirePassword: props.requirePassword, roles }) : {};

  useFieldEvents(
    formRef,
    (field: string, value: FieldValue) => {
      setValues((current) => ({ ...current, [field]: field === 'sites' ? (Array.isArray(value) ? value : [value].filter(Boolean)) : String(value) }));
    },
    true,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setShowErrors(true);
    setOutcome(null);
    const found = validateNewUser(values, { requirePassword: props.requirePassword, roles });
    const firstInvalid = NEW_USER_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[data-field="${firstInvalid}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const phone = values.phone.trim();
      const user = await createUser(session.http, {
        username: values.email.trim(),
        name: values.name.trim(),
        role: values.role as Role,
        ...(phone ? { phone } : {}),
        controllers: Object.fromEntries(values.sites.map((uuid) => [uuid, true as const])),
        ...(values.password ? { password: values.password } : {}),
        // The person adding them works in this language; the invitation (no password given) is written in it.
        ...(isLanguage(i18n.language) ? { language: i18n.language } : {}),
      });
      setValues(emptyValues(presetSites));
      setShowErrors(false);
      if (props.inlineSuccess) setOutcome({ kind: 'success', text: t('users:userCreated') });
      props.onCreated(user);
    } catch (error) {
        if (isUserExistsError(error)) {
        setOutcome({ kind: 'warning', text: t('users:userAlreadyExists') });
        formRef.current?.querySelector<HTMLElement>('[data-field="email"]')?.focus();
      } else {
        setOutcome({ kind: isHttpError(error) ? 'warning' : 'error', text: t('failedStatus', { status: describeError(error) }) });
      }
    } finally {
      setBusy(false);
    }
  }

  const help = (field: keyof NewUserErrors, fallback = '') => {
    const error = errors[field];
    return error ? t(error.key, error.values) : fallback;
  };
  const invalid = (field: keyof NewUserErrors) => (errors[field] ? 'varde-create-user__field--invalid' : undefined);

  return (
    <form ref={formRef} className="varde-create-user__form" part="form" noValidate onSubmit={(event) => void submit(event)}>
      <sl-input
        data-field="email"
        part="email-input"
        className={invalid('email')}
        type="email"
        name="email"
        label={t('email')}
        autocomplete="off"
        inputmode="email"
        required
        value={values.email}
        help-text={help('email')}
      />
      <sl-input
        data-field="name"
        part="name-input"
        className={invalid('name')}
        name="name"
        label={t('name')}
        autocomplete="off"
        required
        value={values.name}
        help-text={help('name')}
      />
      <sl-input
        data-field="password"
        part="password-input"
        className={invalid('password')}
        type="password"
        name="password"
        label={t('password')}
        autocomplete="new-password"
        password-toggle
        required={props.requirePassword}
        value={values.password}
        help-text={help('password', props.requirePassword ? '' : t('passwordOptionalHelp'))}
      />
      <sl-select
        data-field="role"
        part="role-select"
        className={invalid('role')}
        name="role"
        label={t('role')}
        placeholder={t('rolePlaceholder')}
        hoist
        required
        value={values.role}
        help-text={help('role')}
      >
        {roles.map((role) => (
          <sl-option key={role} value={role} data-role={role}>
            {t(`roles.${role}`)}
          </sl-option>
        ))}
      </sl-select>
      <sl-input
        data-field="phone"
        part="phone-input"
        className={invalid('phone')}
        type="tel"
        name="phone"
        label={t('phone')}
        autocomplete="off"
        inputmode="tel"
        value={values.phone}
        help-text={help('phone')}
      />
      {sites.status === 'error' ? (
        <p className="varde-create-user__message varde-create-user__message--error" role="alert" part="sites-error">
          {t('sitesFailed', { message: sites.message })}
        </p>
      ) : sites.status === 'loading' ? (
        // The select keeps only values that match an option: it is rendered once the options are known.
        <sl-input part="sites-loading" label={t('sites')} placeholder={t('loading')} disabled />
      ) : (
        <sl-select
          data-field="sites"
          part="sites-select"
          name="sites"
          label={t('sites')}
          placeholder={t('sitesPlaceholder')}
          help-text={t('sitesHelp')}
          multiple
          clearable
          hoist
          max-options-visible="2"
          value={values.sites}
        >
          {sites.sites.map((site) => (
            <sl-option key={site.uuid} value={site.uuid}>
              {site.name}
            </sl-option>
          ))}
        </sl-select>
      )}
      {outcome ? (
        <p
          className={`varde-create-user__message varde-create-user__message--${outcome.kind}`}
          role={outcome.kind === 'success' ? 'status' : 'alert'}
          part={`message message-${outcome.kind}`}
        >
          {outcome.text}
        </p>
      ) : null}
      <div className="varde-create-user__actions">
        <sl-button type="submit" variant="primary" loading={busy} part="submit-button">
          {t('submit')}
        </sl-button>
        {props.onCancel ? (
          <sl-button type="button" onClick={props.onCancel} part="cancel-button">
            {t('cancel')}
          </sl-button>
        ) : null}
      </div>
    </form>
  );
}
