import { describe, expect, it } from 'vitest';
import { newPasswordProblem, repeatPasswordProblem } from '../src/pages/resetPassword/passwordRules.js';
import { explainedStatus, shownCode } from '../src/pages/webpmError/errorStatus.js';
import { isMobileWidth, siteLoginLink } from '../src/pages/leroyLogin/siteLoginLink.js';
import { leroyLoginAllowed } from '../src/pages/leroyLogin/leroySite.js';

/** The rules behind the sign-in pages, without a browser. */

describe('reset password rules (core-shell §5)', () => {
  it('needs a new password of at least 8 characters', () => {
    expect(newPasswordProblem('')).toBe('fieldRequired');
    expect(newPasswordProblem('1234567')).toBe('passwordTooShort');
    expect(newPasswordProblem('12345678')).toBeNull();
  });

  it('needs the repeat, equal to the new password', () => {
    expect(repeatPasswordProblem('12345678', '')).toBe('fieldRequired');
    expect(repeatPasswordProblem('12345678', '12345679')).toBe('passwordsDoNotMatch');
    expect(repeatPasswordProblem('12345678', '12345678')).toBeNull();
  });
});

describe('error page status', () => {
  it('explains 502, 504 and 500, and everything else as unknown', () => {
    expect(['502', '504', '500', '418', '', null, 'abc'].map(explainedStatus)).toEqual([
      '502', '504', '500', 'other', 'other', 'other', 'other',
    ]);
  });

  it('shows only a real HTTP status as the code', () => {
    expect(shownCode('418')).toBe('418');
    expect(shownCode('<b>1</b>')).toBeNull();
    expect(shownCode('99')).toBeNull();
    expect(shownCode(null)).toBeNull();
  });
});

describe('site login links (core-shell §2)', () => {
  const site = { uuid: 'u-1', hostname: 'plant.example.test', version: '4.0' };

  it('opens 4.0 sites at their own authorize page, with redir=/mpmp on mobile', () => {
    expect(siteLoginLink(site, 'https://login.varde.cloud', false)).toBe('https://plant.example.test/auth/authorize');
    expect(siteLoginLink(site, 'https://login.varde.cloud', true)).toBe(
      'https://plant.example.test/auth/authorize?redir=%2Fmpmp',
    );
  });

  it('opens older sites through the legacy login with the chain id, mobile=true on mobile', () => {
    const older = { ...site, version: '3.2' };
    expect(siteLoginLink(older, 'https://login.varde.cloud/', false)).toBe(
      'https://login.varde.cloud/legacy/legacy-ws-login?chainId=u-1',
    );
    expect(siteLoginLink(older, 'https://login.varde.cloud', true)).toBe(
      'https://login.varde.cloud/legacy/legacy-ws-login?chainId=u-1&mobile=true',
    );
  });

  it('is mobile at 960 px and below', () => {
    expect(isMobileWidth(960)).toBe(true);
    expect(isMobileWidth(961)).toBe(false);
  });
});

describe('customer-specific login', () => {
  it('is allowed on the provider cloud domain and the reference cloud only', () => {
    expect(leroyLoginAllowed({ domain: 'varde.cloud', local: false })).toBe(true);
    expect(leroyLoginAllowed({ domain: 'localhost', local: true })).toBe(true);
    expect(leroyLoginAllowed({ domain: 'staging.varde.cloud', local: false })).toBe(false);
  });
});
