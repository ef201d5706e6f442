import type { LicenseFieldOption, LicenseType } from '../contract/licensing.js';

/**
 * The licence type as the UI shows it in `language`: its name, description, field labels and option
 * labels from `translations[language]` where given, else the type's own. Keys, values and rules stay.
 */
export function localizedLicenseType(type: LicenseType, language: string): LicenseType {
  const texts = type.translations?.[language as 'no' | 'en' | 'se'];
  if (!texts) return type;
  const option = (item: LicenseFieldOption): LicenseFieldOption =>
    typeof item === 'string' ? item : { value: item.value, label: texts.options?.[item.value] ?? item.label };
  return {
    ...type,
    name: texts.name ?? type.name,
    ...(texts.description ?? type.description ? { description: texts.description ?? type.description } : {}),
    requiredFields: type.requiredFields.map((field) => ({
      ...field,
      inputLabel: texts.fields?.[field.tempInputKey]?.inputLabel ?? field.inputLabel,
      displayLabel: texts.fields?.[field.tempInputKey]?.displayLabel ?? field.displayLabel,
      ...(field.htmlOptions ? { htmlOptions: field.htmlOptions.map(option) } : {}),
    })),
  };
}
