import { describe, expect, it } from 'vitest';
import { licenseType, localizedLicenseType } from './support.js';

/** Licence types carry the partner's words per UI language; the form and table show them. */
const type = licenseType.parse({
  id: 'webpanel',
  name: 'Web panel',
  description: 'One panel',
  expirationType: 'singleDuration',
  expiration: 'P1Y',
  requiredFields: [
    { inputLabel: 'Support level', displayLabel: 'Support', tempInputKey: 'supportLevel', tempInputType: 'htmlOptions', htmlOptions: [{ value: 'gold', label: 'Gold' }, { value: 'silver', label: 'Silver' }] },
    { inputLabel: 'Contact person', displayLabel: 'Contact', tempInputKey: 'contactPerson', tempInputType: 'string' },
  ],
  translations: { no: { name: 'Webpanel', fields: { supportLevel: { inputLabel: 'Støttenivå' } }, options: { gold: 'Gull' } } },
});

describe('localizedLicenseType', () => {
  it('takes the language\'s words where given and the type\'s own elsewhere; keys and values stay', () => {
    const no = localizedLicenseType(type, 'no');
    expect(no.name).toBe('Webpanel');
    expect(no.description).toBe('One panel');
    expect(no.requiredFields[0]).toMatchObject({ inputLabel: 'Støttenivå', displayLabel: 'Support', tempInputKey: 'supportLevel' });
    expect(no.requiredFields[0]!.htmlOptions).toEqual([{ value: 'gold', label: 'Gull' }, { value: 'silver', label: 'Silver' }]);
    expect(no.requiredFields[1]).toMatchObject({ inputLabel: 'Contact person', displayLabel: 'Contact' });
  });

  it('leaves a type without that language as it is', () => {
    expect(localizedLicenseType(type, 'se')).toBe(type);
  });
});
