import { randomUUID } from 'node:crypto';
import type { AnomalyModel, AnomalyVersion, KeyValueMap, ModelTag, VersionStatus } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';

interface ModelRow {
  model_id: string;
  name: string;
  description: string;
  tags: string;
  labels: string;
  parameters: string;
  created_by: string;
  created_at: number;
  modified_at: number;
}

interface VersionRow {
  version_id: string;
  model_id: string;
  name: string;
  description: string;
  status: VersionStatus;
  status_message: string | null;
  labels: string;
  parameters: string;
  performance: string;
  created_at: number;
  modified_at: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function versionFromRow(row: VersionRow): AnomalyVersion {
  return {
    version_id: row.version_id,
    model_id: row.model_id,
    name: row.name,
    description: row.description,
    status: row.status,
    status_message: row.status_message,
    labels: JSON.parse(row.labels) as KeyValueMap,
    parameters: JSON.parse(row.parameters) as KeyValueMap,
    performance: JSON.parse(row.performance) as Record<string, number | string>,
    creation_date: iso(row.created_at),
    modification_date: iso(row.modified_at),
  };
}

export interface NewModel {
  name: string;
  description: string;
  tags: ModelTag[];
  labels: KeyValueMap;
  parameters: KeyValueMap;
}
export type ModelChanges = Partial<NewModel>;

export interface NewVersion {
  name: string;
  description: string;
  labels: KeyValueMap;
  parameters: KeyValueMap;
}
export type VersionChanges = Partial<NewVersion> & {
  status?: VersionStatus;
  status_message?: string | null;
  performance?: Record<string, number | string>;
};

/** Models, versions and artifacts in SQLite. Every change moves modification_date strictly forward. */
export interface ModelStore {
  list(): AnomalyModel[];
  model(modelId: string): AnomalyModel | null;
  version(modelId: string, versionId: string): AnomalyVersion | null;
  /** Versions in any of these statuses (interrupted training at start). */
  versionsWithStatus(statuses: readonly VersionStatus[]): AnomalyVersion[];
  createModel(model: NewModel, createdBy: string, partner: string): AnomalyModel;
  /** The partner that owns a model, null when there is no such model. */
  ownerOf(modelId: string): string | null;
  updateModel(modelId: string, changes: ModelChanges): AnomalyModel;
  deleteModel(modelId: string): void;
  createVersion(modelId: string, version: NewVersion): AnomalyVersion;
  updateVersion(versionId: string, changes: VersionChanges): AnomalyVersion | null;
  deleteVersion(versionId: string): void;
  putArtifact(versionId: string, name: string, contentType: string, bytes: Buffer): void;
  artifact(versionId: string, name: string): { contentType: string; bytes: Buffer } | null;
  deleteArtifacts(versionId: string): void;
}

export function createModelStore(db: Db, clock: Clock): ModelStore {
  const selectModels = db.prepare('SELECT * FROM anomaly_models ORDER BY name, model_id');
  const selectModel = db.prepare('SELECT * FROM anomaly_models WHERE model_id = ?');
  const selectVersions = db.prepare('SELECT * FROM anomaly_versions WHERE model_id = ? ORDER BY created_at, version_id');
  const selectVersion = db.prepare('SELECT * FROM anomaly_versions WHERE version_id = ?');

  function nextModified(previous: number): number {
    return Math.max(clock.now(), previous + 1);
  }

  function modelFromRow(row: ModelRow): AnomalyModel {
    return {
      model_id: row.model_id,
      name: row.name,
      description: row.description,
      tags: JSON.parse(row.tags) as ModelTag[],
      labels: JSON.parse(row.labels) as KeyValueMap,
      parameters: JSON.parse(row.parameters) as KeyValueMap,
      versions: (selectVersions.all(row.model_id) as VersionRow[]).map(versionFromRow),
      creation_date: iso(row.created_at),
      modification_date: iso(row.modified_at),
    };
  }

  function model(modelId: string): AnomalyModel | null {
    const row = selectModel.get(modelId) as ModelRow | undefined;
    return row ? modelFromRow(row) : null;
  }

  return {
    list: () => (selectModels.all() as ModelRow[]).map(modelFromRow),
    model,
    version(modelId, versionId) {
      const row = selectVersion.get(versionId) as VersionRow | undefined;
      return row && row.model_id === modelId ? versionFromRow(row) : null;
    },
    versionsWithStatus(statuses) {
      if (statuses.length === 0) return [];
      const marks = statuses.map(() => '?').join(', ');
      const rows = db.prepare(`SELECT * FROM anomaly_versions WHERE status IN (${marks})`).all(...statuses) as VersionRow[];
      return rows.map(versionFromRow);
    },
    ownerOf(modelId) {
      return (selectModel.get(modelId) as { partner: string } | undefined)?.partner ?? null;
    },
    createModel(input, createdBy, partner) {
      const now = clock.now();
      const modelId = randomUUID();
      db.prepare(
        `INSERT INTO anomaly_models (model_id, name, description, tags, labels, parameters, created_by, created_at, modified_at, partner)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(modelId, input.name, input.description, JSON.stringify(input.tags), JSON.stringify(input.labels),
        JSON.stringify(input.parameters), createdBy, now, now, partner);
      return model(modelId)!;
    },
    updateModel(modelId, changes) {
      const row = selectModel.get(modelId) as ModelRow;
      db.prepare(
        `UPDATE anomaly_models SET name = ?, description = ?, tags = ?, labels = ?, parameters = ?, modified_at = ?
         WHERE model_id = ?`,
      ).run(
        changes.name ?? row.name,
        changes.description ?? row.description,
        changes.tags ? JSON.stringify(changes.tags) : row.tags,
        changes.labels ? JSON.stringify(changes.labels) : row.labels,
        changes.parameters ? JSON.stringify(changes.parameters) : row.parameters,
        nextModified(row.modified_at),
        modelId,
      );
      return model(modelId)!;
    },
    deleteModel(modelId) {
      db.prepare('DELETE FROM anomaly_models WHERE model_id = ?').run(modelId);
    },
    createVersion(modelId, input) {
      const now = clock.now();
      const versionId = randomUUID();
      db.prepare(
        `INSERT INTO anomaly_versions (version_id, model_id, name, description, status, status_message, labels, parameters,
           performance, created_at, modified_at)
         VALUES (?, ?, ?, ?, 'VERSION_STATUS_CREATED', NULL, ?, ?, '{}', ?, ?)`,
      ).run(versionId, modelId, input.name, input.description, JSON.stringify(input.labels), JSON.stringify(input.parameters), now, now);
      return versionFromRow(selectVersion.get(versionId) as VersionRow);
    },
    updateVersion(versionId, changes) {
      const row = selectVersion.get(versionId) as VersionRow | undefined;
      if (!row) return null;
      db.prepare(
        `UPDATE anomaly_versions SET name = ?, description = ?, status = ?, status_message = ?, labels = ?, parameters = ?,
           performance = ?, modified_at = ? WHERE version_id = ?`,
      ).run(
        changes.name ?? row.name,
        changes.description ?? row.description,
        changes.status ?? row.status,
        changes.status_message !== undefined ? changes.status_message : row.status_message,
        changes.labels ? JSON.stringify(changes.labels) : row.labels,
        changes.parameters ? JSON.stringify(changes.parameters) : row.parameters,
        changes.performance ? JSON.stringify(changes.performance) : row.performance,
        nextModified(row.modified_at),
        versionId,
      );
      return versionFromRow(selectVersion.get(versionId) as VersionRow);
    },
    deleteVersion(versionId) {
      db.prepare('DELETE FROM anomaly_versions WHERE version_id = ?').run(versionId);
    },
    putArtifact(versionId, name, contentType, bytes) {
      db.prepare('INSERT OR REPLACE INTO anomaly_artifacts (version_id, name, content_type, bytes) VALUES (?, ?, ?, ?)')
        .run(versionId, name, contentType, bytes);
    },
    artifact(versionId, name) {
      const row = db.prepare('SELECT content_type, bytes FROM anomaly_artifacts WHERE version_id = ? AND name = ?')
        .get(versionId, name) as { content_type: string; bytes: Buffer } | undefined;
      return row ? { contentType: row.content_type, bytes: row.bytes } : null;
    },
    deleteArtifacts(versionId) {
      db.prepare('DELETE FROM anomaly_artifacts WHERE version_id = ?').run(versionId);
    },
  };
}
