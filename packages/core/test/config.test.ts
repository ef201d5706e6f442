import { describe, expect, it } from 'vitest';
import { brandFor, flavorSettings, languageFor, localSettings, resolveSettings, SERVICES } from './support.js';

const at = (url: string) => {
  const u = new URL(url);
  return { origin: u.origin, hostname: u.hostname, pathname: u.pathname };
};

describe('flavors', () => {
  it('gives each flavor its cloud domain, per-service hosts and the default client id', () => {
    const staging = flavorSettings('staging');
    expect(staging.domain).toBe('staging.varde.cloud');
    expect(staging.authServerUrl).toBe('https://auth.staging.varde.cloud');
    expect(staging.loginServerUrl).toBe('https://login.staging.varde.cloud');
    expect(staging.services['controllers-api']).toBe('https://controllers-api.staging.varde.cloud');
    expect(staging.clientId).toBe('portal');
    expect(flavorSettings('base').theme).toBe('varde');
    expect(flavorSettings('customer').theme).toBe('fjord');
    expect(flavorSettings('customer').firebase.options.databaseURL).toMatch(/^https:\/\/.+firebasedatabase\.app$/);
    expect(flavorSettings('customer').firebase.authEmulatorUrl).toBeUndefined();
  });
});

describe('localSettings', () => {
  it('puts every service under /cloud/<service> of the origin and the database on a websocket', () => {
    const settings = localSettings('http://localhost:8080/');
    expect(settings.local).toBe(true);
    expect(settings.domain).toBe('localhost');
    expect(settings.authServerUrl).toBe('http://localhost:8080/cloud/auth');
    expect(settings.loginServerUrl).toBe('http://localhost:8080/cloud/login');
    for (const service of SERVICES) expect(settings.services[service]).toBe(`http://localhost:8080/cloud/${service}`);
    expect(settings.firebase.options.databaseURL).toBe('ws://localhost:8080?ns=varde-default-rtdb');
    expect(settings.firebase.authEmulatorUrl).toBe('http://localhost:8080');
  });

  it('uses wss behind https', () => {
    expect(localSettings('https://cloud.test:8443').firebase.options.databaseURL).toBe(
      'wss://cloud.test:8443?ns=varde-default-rtdb',
    );
  });
});

describe('brands and language', () => {
  it('adopts a brand from the first path segment on the brand domain only', () => {
    expect(brandFor('partner.varde.cloud', '/nordlys/sites')?.id).toBe('nordlys');
    expect(brandFor('partner.varde.cloud', '/fjellvann')?.id).toBe('fjellvann');
    expect(brandFor('partner.varde.cloud', '/sites/nordlys')).toBeNull();
    expect(brandFor('partner.varde.cloud', '/')).toBeNull();
    expect(brandFor('portal.varde.cloud', '/nordlys/sites')).toBeNull();
  });

  it('applies the brand: base path, theme, views entry and apps link', () => {
    const settings = resolveSettings(at('https://partner.varde.cloud/nordlys/alarms'));
    expect(settings.brand).toBe('nordlys');
    expect(settings.basePath).toBe('/nordlys');
    expect(settings.theme).toBe('nordlys');
    expect(settings.dashboards).toBe(true);
    expect(settings.externalLinks.apps).toMatch(/^https:\/\//);
    const other = resolveSettings(at('https://partner.varde.cloud/fjellvann/'));
    expect(other.dashboards).toBe(false);
    expect(other.externalLinks.apps).toBeUndefined();
  });

  it('speaks Swedish on a .se domain for the customer flavor only', () => {
    expect(languageFor('portal.fjordautomasjon.se', 'customer')).toBe('se');
    expect(languageFor('portal.fjordautomasjon.no', 'customer')).toBe('no');
    expect(languageFor('portal.varde.se', 'base')).toBe('no');
    expect(resolveSettings(at('https://portal.fjordautomasjon.se/sites')).language).toBe('se');
  });

  it('uses the reference cloud on loopback hosts and production elsewhere, unless told', () => {
    expect(resolveSettings(at('http://localhost:8080/sites')).local).toBe(true);
    expect(resolveSettings(at('http://127.0.0.1:9999/')).authServerUrl).toBe('http://127.0.0.1:9999/cloud/auth');
    expect(resolveSettings(at('https://portal.varde.cloud/')).local).toBe(false);
    expect(resolveSettings(at('http://10.0.0.5:8080/'), { cloud: 'local' }).local).toBe(true);
    // A page the reference cloud served on a LAN address or a deployment's public URL (issue 26, item 7).
    expect(resolveSettings(at('http://10.0.0.5:8080/')).local).toBe(false);
    const lan = resolveSettings({ ...at('http://10.0.0.5:8080/sites'), cookie: 'a=b; varde_cloud=reference' });
    expect(lan.local).toBe(true);
    expect(lan.authServerUrl).toBe('http://10.0.0.5:8080/cloud/auth');
    expect(resolveSettings({ ...at('https://portal.varde.cloud/'), cookie: 'varde_cloud=referencex' }).local).toBe(false);
    expect(resolveSettings(at('https://portal.varde.cloud/'), { flavor: 'staging' }).domain).toBe(
      'staging.varde.cloud',
    );
    expect(resolveSettings(at('https://portal.varde.cloud/'), { overrides: { clientId: 'kiosk' } }).clientId).toBe(
      'kiosk',
    );
  });
});
