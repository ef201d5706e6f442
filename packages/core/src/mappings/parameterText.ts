import type { MappingParameter } from '../contract/mappings.js';

type ParameterValue = MappingParameter['value'];

/**
 * A table parameter's value as one line of text (the UI's cell, the CLI's CSV `value` column):
 * numbers and booleans as written, null as an empty text, strings as they are.
 */
export function parameterValueText(value: ParameterValue): string {
  return value === null ? '' : String(value);
}

/**
 * The value a text stands for: empty is null, `true`/`false` booleans, a plain decimal number a number,
 * anything else the text itself. So `15` stays 15 through an export and an import.
 */
export function parameterValueFromText(text: string): ParameterValue {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (/^-?(0|[1-9]\d*)(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return text;
}
