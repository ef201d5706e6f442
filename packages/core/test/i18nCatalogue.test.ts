import { describe, expect, it } from 'vitest';
import { coreNamespaces, describeError, ensureNamespace, HttpError, i18n, loginErrorKey, NetworkError, setLanguage, TimeoutError } from './support.js';
import { accessTokens } from '../src/i18n/resources/accessTokens.js'; // pages' namespaces, not in the index
import { resetPassword } from '../src/i18n/resources/resetPassword.js';
import { onCall } from '../src/i18n/resources/onCall.js';
import { directory } from '../src/i18n/resources/directory.js';
import { audit } from '../src/i18n/resources/audit.js';
import { bim } from '../src/i18n/resources/bim.js';
import { licenses } from '../src/i18n/resources/licenses.js';
import { ml } from '../src/i18n/resources/ml.js';

/** Every text the two specs quote in their error catalogues and session/validation rules. */
const QUOTED_ENGLISH = [
  'Unable to reach backend service',
  'Done',
  'Wrong username or password',
  'Failed to connect',
  'Wrong sms token',
  'Something went wrong',
  'Failed to update password',
  'Noe gikk galt',
  'Login redirect already initialized',
  'Failed to find access token for service {{service}}',
  'Failed to modify access',
  'The user was deleted',
  'Field is required',
  'Your search for "{{user_content}}" found no results.',
  'Password must be at least 8 characters',
  'Passwords does not match',
  'No data set to save',
  'Data set spans more than one building - aborting.',
  'Are you sure you want to delete this connection?',
  'Do you really want to leave? You have unsaved changes!',
  'Online',
  'Offline',
  'Unavailable. Contact Admin.',
  'Unknown status',
  'Failed to login',
  'Bad Gateway',
  'Gateway Timeout',
  'Internal server error',
  'Unknown server error',
  'Error occured.',
  'HTTP {{status}} - {{statusText}}',
  'Failed to get firebase login token',
  'User already exists',
  'User was created successfully!',
  'something went wrong',
  'user deleted',
  'Error: {{status}}{{statusText}}',
  'Regelsett oppdatert!',
  'Alle regler slettet',
  'Ingen regler funnet',
  'License generated!',
  'Failed to generate license',
  'License Edited',
  'Failed to edit license',
  'License renewed!',
  'Failed to renew license',
  'License archived',
  'Failed to archive license',
  'Unable to get login key for controller',
  'Failed to reset password: {{reason}}',
  'Unexpected status returned from mappings-manager server: {{status}}',
];
const QUOTED_NORWEGIAN = ['Noe gikk galt', 'Regelsett oppdatert!', 'Alle regler slettet', 'Ingen regler funnet'];

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

function allTexts(language: 'no' | 'en' | 'se'): Map<string, string> {
  const out = new Map<string, string>();
  for (const [namespace, texts] of Object.entries({ ...coreNamespaces, accessTokens, resetPassword, onCall, audit, directory, bim, ml, licenses })) {
    for (const [key, value] of leaves(texts[language] as Tree)) out.set(`${namespace}:${key}`, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('i18n catalogue', () => {
  it('holds every English text the specs quote, verbatim', () => {
    const english = new Set(allTexts('en').values());
    expect(QUOTED_ENGLISH.filter((text) => !english.has(text))).toEqual([]);
  });

  it('keeps the texts the spec quotes in Norwegian verbatim in Norwegian', () => {
    const norwegian = new Set(allTexts('no').values());
    expect(QUOTED_NORWEGIAN.filter((text) => !norwegian.has(text))).toEqual([]);
  });

  it('has the same keys and placeholders in no, en and se, and no empty text', () => {
    const en = allTexts('en');
    for (const language of ['no', 'se'] as const) {
      const other = allTexts(language);
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of other) {
        expect(text, `${language} ${key}`).not.toBe('');
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(en.get(key) ?? ''));
      }
    }
  });

  it('defaults to Norwegian, switches language, and interpolates without HTML escaping', async () => {
    expect(i18n.language).toBe('no');
    expect(i18n.t('login:submit')).toBe('Logg inn');
    await setLanguage('se');
    expect(i18n.t('login:submit')).toBe('Logga in');
    await setLanguage('en');
    // Beyond errors, login and session, a core namespace is there once its user adds it.
    expect(i18n.exists('search:noResults')).toBe(false);
    ensureNamespace('search', coreNamespaces.search);
    expect(i18n.t('search:noResults', { user_content: 'a<b "c"' })).toBe(
      'Your search for "a<b "c"" found no results.',
    );
    expect(await setLanguage('xx')).toBe('no');
  });
});

describe('error messages', () => {
  it('describes core errors from the catalogue', async () => {
    await setLanguage('en');
    expect(describeError(new HttpError(404, 'Not Found'))).toBe('HTTP 404 - Not Found');
    expect(describeError(new HttpError(401, 'Unauthorized', 'Token expired'))).toBe(
      'HTTP 401 - Unauthorized: Token expired',
    );
    expect(describeError(new Error('Failed to find access token for service historian'))).toBe(
      'Failed to find access token for service historian',
    );
    expect(describeError(new NetworkError('x'))).toBe('Failed to connect');
    await setLanguage('no');
    expect(describeError(new TimeoutError('x', 5))).toBe('Forespørselen tok for lang tid. Prøv igjen.');
  });

  it('maps login failures the way the spec says, per step', () => {
    expect(loginErrorKey(new HttpError(401, 'Unauthorized'), 'credentials').key).toBe('login:wrongUsernameOrPassword');
    expect(loginErrorKey(new NetworkError('x'), 'credentials').key).toBe('login:failedToConnect');
    expect(loginErrorKey(new HttpError(500, 'Internal Server Error'), 'credentials').key).toBe('login:somethingWentWrong');
    expect(loginErrorKey(new HttpError(400, 'Bad Request'), 'sms').key).toBe('login:loginFailed');
    expect(loginErrorKey(new HttpError(408, 'Request Timeout'), 'sms').key).toBe('login:loginFailed');
    expect(loginErrorKey(new HttpError(401, 'Unauthorized'), 'sms').key).toBe('login:wrongSmsToken');
    expect(loginErrorKey(new Error('boom'), 'sms').key).toBe('login:usernameOrPasswordIncorrect');
    expect(loginErrorKey(new HttpError(429, 'Too Many Requests', undefined, undefined, 30), 'credentials')).toEqual({
      key: 'login:tooManyAttempts',
      values: { seconds: 30 },
    });
  });
});
