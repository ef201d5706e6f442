/**
 * Phone numbers of the users file, checked and stored in E.164 (`+4791234567`) with libphonenumber-js:
 * `004791234567`, `+47 912 34 567` and `91234567` (in the partner's country, Norway when it names none)
 * are one number. A number that cannot be one (too short, too long, letters) is a row error.
 */
export type PhoneCheck = { ok: true; e164: string } | { ok: false; error: string };
export type PhoneNormaliser = (text: string) => PhoneCheck;

export const DEFAULT_PHONE_COUNTRY = 'NO';

/** Loaded when an import starts (the metadata is not needed by any other command). */
export async function phoneNormaliser(country: string = DEFAULT_PHONE_COUNTRY): Promise<PhoneNormaliser> {
  const { parsePhoneNumberFromString } = await import('libphonenumber-js/min');
  return (text) => {
    const parsed = parsePhoneNumberFromString(text, country as Parameters<typeof parsePhoneNumberFromString>[1]);
    if (!parsed || !parsed.isPossible()) {
      return { ok: false, error: `"${text}" is not a possible phone number (write it with its country code, e.g. +47 912 34 567; without one it is read as ${country})` };
    }
    return { ok: true, e164: parsed.number };
  };
}
