import {
  firstKeyError,
  firstTagError,
  ML_VALIDATION_MESSAGES,
  nameError,
  type KeyValueMap,
  type ModelTag,
} from '@varde/core/contract';
import { HttpError } from '../http/HttpError.js';
import { findDuplicateKey } from './duplicateKeys.js';

/**
 * The editor's rules, enforced again by the server (admin spec §5), with the same texts: refused
 * with 400 {detail}. Values are trimmed, as the editor trims them before saving.
 */
export function checkDuplicateKeys(rawBody: string): void {
  const duplicate = findDuplicateKey(rawBody);
  if (!duplicate) return;
  const where = duplicate.path.join('.');
  if (where === 'labels') throw new HttpError(400, ML_VALIDATION_MESSAGES.labelUnique);
  if (where === 'parameters') throw new HttpError(400, ML_VALIDATION_MESSAGES.parameterUnique);
  throw new HttpError(400, `${where || 'body'}: the key ${JSON.stringify(duplicate.key)} is not allowed twice`);
}

export function checkedTags(tags: ModelTag[]): ModelTag[] {
  const error = firstTagError(tags);
  if (error) throw new HttpError(400, error);
  return tags.map(({ controller, tag }) => ({ controller: controller.trim().toLowerCase(), tag: tag.trim() }));
}

export function checkedMap(map: KeyValueMap, kind: 'label' | 'parameter'): KeyValueMap {
  const error = firstKeyError(Object.keys(map), kind);
  if (error) throw new HttpError(400, error);
  return Object.fromEntries(Object.entries(map).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]));
}

export function checkedName(name: string, kind: 'model' | 'version'): string {
  const error = nameError(name, kind);
  if (error) throw new HttpError(400, `name: ${error}`);
  return name.trim();
}
