import {
  isEditableVersionStatus,
  keyRowErrors,
  nameError,
  tagRowErrors,
  type AnomalyModel,
  type AnomalyVersion,
  type KeyValueMap,
  type ModelTag,
  type ScalarValue,
  type TagRowError,
  type VersionStatus,
} from '../contract/anomaly.js';

/** Editable rows of a label or parameter map; values are edited as text. */
export interface KeyValueRow {
  key: string;
  value: string;
}

export interface ModelDraft {
  name: string;
  description: string;
  tags: ModelTag[];
  labels: KeyValueRow[];
  parameters: KeyValueRow[];
}

export interface VersionDraft {
  name: string;
  description: string;
  labels: KeyValueRow[];
  parameters: KeyValueRow[];
}

/** A value as the editor shows it: strings as they are, numbers and booleans as their literal. */
export function valueText(value: ScalarValue): string {
  return typeof value === 'string' ? value : String(value);
}

/**
 * Text typed into a value field, back to a value: trimmed; `true`/`false` become booleans and plain
 * decimal numbers become numbers (so `active=false` and `min_samples=100` keep their types); anything
 * else (ISO times, prefixes, uuids) stays text.
 */
export function parseValueText(text: string): ScalarValue {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (/^-?(0|[1-9]\d*)(\.\d+)?$/.test(trimmed) && Number.isFinite(Number(trimmed))) return Number(trimmed);
  return trimmed;
}

export function rowsOf(map: KeyValueMap): KeyValueRow[] {
  return Object.entries(map).map(([key, value]) => ({ key, value: valueText(value) }));
}

/** Rows back to a map (keys and values trimmed). Validate first: duplicate keys would collapse here. */
export function mapOf(rows: readonly KeyValueRow[]): KeyValueMap {
  return Object.fromEntries(rows.map((row) => [row.key.trim(), parseValueText(row.value)]));
}

export function modelDraftOf(model: AnomalyModel | null): ModelDraft {
  if (!model) return { name: 'new model', description: '', tags: [], labels: [], parameters: [] };
  return {
    name: model.name,
    description: model.description,
    tags: model.tags.map((tag) => ({ ...tag })),
    labels: rowsOf(model.labels),
    parameters: rowsOf(model.parameters),
  };
}

export function versionDraftOf(version: AnomalyVersion): VersionDraft {
  return { name: version.name, description: version.description, labels: rowsOf(version.labels), parameters: rowsOf(version.parameters) };
}

/** Tags and parameters of a model are editable only while it has no versions. */
export function modelStructureEditable(model: AnomalyModel | null): boolean {
  return !model || model.versions.length === 0;
}

export interface ModelDraftErrors {
  name: string | null;
  tags: TagRowError[];
  labels: (string | null)[];
  parameters: (string | null)[];
  any: boolean;
}

export function modelDraftErrors(draft: ModelDraft): ModelDraftErrors {
  const name = nameError(draft.name, 'model');
  const tags = tagRowErrors(draft.tags);
  const labels = keyRowErrors(draft.labels.map((row) => row.key), 'label');
  const parameters = keyRowErrors(draft.parameters.map((row) => row.key), 'parameter');
  const any = name !== null || tags.some((row) => row.controller || row.tag) || labels.some(Boolean) || parameters.some(Boolean);
  return { name, tags, labels, parameters, any };
}

export interface VersionDraftErrors {
  name: string | null;
  labels: (string | null)[];
  parameters: (string | null)[];
  any: boolean;
}

export function versionDraftErrors(draft: VersionDraft): VersionDraftErrors {
  const name = nameError(draft.name, 'version');
  const labels = keyRowErrors(draft.labels.map((row) => row.key), 'label');
  const parameters = keyRowErrors(draft.parameters.map((row) => row.key), 'parameter');
  return { name, labels, parameters, any: name !== null || labels.some(Boolean) || parameters.some(Boolean) };
}

export function canTrain(status: VersionStatus): boolean {
  return isEditableVersionStatus(status);
}

/** The status without its VERSION_STATUS_ prefix (CREATED, TRAINING_MODEL...). */
export function statusLabel(status: VersionStatus): string {
  return status.replace(/^VERSION_STATUS_/, '');
}

/** Icon name and colour role of the status chip. */
export function statusChip(status: VersionStatus): { icon: string; variant: 'neutral' | 'primary' | 'success' | 'danger' } {
  if (status === 'VERSION_STATUS_READY') return { icon: 'check-circle', variant: 'success' };
  if (status === 'VERSION_STATUS_ERROR') return { icon: 'exclamation-octagon', variant: 'danger' };
  if (status === 'VERSION_STATUS_CREATED') return { icon: 'file-earmark-plus', variant: 'neutral' };
  return { icon: 'hourglass-split', variant: 'primary' };
}

// ---- The tree navigator: model names split on / into folders, versions beneath each model ----

export type ModelTreeNode =
  | { kind: 'folder'; name: string; path: string; children: ModelTreeNode[] }
  | { kind: 'model'; name: string; model: AnomalyModel; versions: AnomalyVersion[] };

export function modelTree(models: readonly AnomalyModel[]): ModelTreeNode[] {
  const root: ModelTreeNode[] = [];
  const folders = new Map<string, ModelTreeNode[]>([['', root]]);
  const sorted = [...models].sort((a, b) => a.name.localeCompare(b.name) || a.model_id.localeCompare(b.model_id));
  for (const model of sorted) {
    const parts = model.name.split('/').map((part) => part.trim()).filter(Boolean);
    const leaf = parts.pop() ?? model.name;
    let path = '';
    let children = root;
    for (const part of parts) {
      const next = path ? `${path}/${part}` : part;
      let folder = folders.get(next);
      if (!folder) {
        folder = [];
        folders.set(next, folder);
        children.push({ kind: 'folder', name: part, path: next, children: folder });
      }
      children = folder;
      path = next;
    }
    children.push({ kind: 'model', name: leaf, model, versions: model.versions });
  }
  const order = (nodes: ModelTreeNode[]) => {
    nodes.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1));
    nodes.forEach((node) => node.kind === 'folder' && order(node.children));
  };
  order(root);
  return root;
}
