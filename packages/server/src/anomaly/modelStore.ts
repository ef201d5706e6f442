import { randomUUID } from 'node:crypto';
import { EDITABLE_VERSION_STATUSES, type AnomalyModel, type AnomalyVersion, type KeyValueMap, type ModelTag, type VersionStatus } from '@varde/core/contract';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import { inTransaction } from '../storage/transaction.js';

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

/** Models, versions and artifacts in the database. Every change moves modification_date strictly forward. */
export interface ModelStore {
  list(): Promise<AnomalyModel[]>;
  model(modelId: string): Promise<AnomalyModel | null>;
  version(modelId: string, versionId: string): Promise<AnomalyVersion | null>;
  /** Versions in any of these statuses (interrupted training at start). */
  versionsWithStatus(statuses: readonly VersionStatus[]): Promise<AnomalyVersion[]>;
  createModel(model: NewModel, createdBy: string, partner: string): Promise<AnomalyModel>;
  /** The partner that owns a model, null when there is no such model. */
  ownerOf(modelId: string): Promise<string | null>;
  /** Tags and parameters change only while the model has no versions (they are kept otherwise). */
  updateModel(modelId: string, changes: ModelChanges): Promise<AnomalyModel>;
  deleteModel(modelId: string): Promise<void>;
  /** Null when there is no such model (any more). */
  createVersion(modelId: string, version: NewVersion): Promise<AnomalyVersion | null>;
  /**
   * Parameters change only while the version is CREATED or ERROR (they are kept otherwise).
   * Null when there is no such version, or (with `ifStatus`) when its status is none of those: the
   * check and the change are one statement, so two changes that both expect a status cannot both win.
   */
  updateVersion(versionId: string, changes: VersionChanges, ifStatus?: readonly VersionStatus[]): Promise<AnomalyVersion | null>;
  deleteVersion(versionId: string): Promise<void>;
  putArtifact(versionId: string, name: string, contentType: string, bytes: Buffer): Promise<void>;
  artifact(versionId: string, name: string): Promise<{ contentType: string; bytes: Buffer } | null>;
  deleteArtifacts(versionId: string): Promise<void>;
}

/** Now, or a millisecond past the stored time when that is not earlier: in the statement itself, so no change is lost. */
const nextModifiedSql = (now: number) => sql<number>`CASE WHEN modified_at >= ${now} THEN modified_at + 1 ELSE ${now} END`;

/** A model's tags and parameters change only while it has no versions: checked in the statement that changes them. */
const unlessVersioned = (column: 'tags' | 'parameters', json: string) =>
  sql<string>`CASE WHEN EXISTS (SELECT 1 FROM anomaly_versions v WHERE v.model_id = anomaly_models.model_id) THEN ${sql.ref(column)} ELSE ${json} END`;

/** A version's parameters change only while it is CREATED or ERROR: checked in the statement that changes them. */
const whileEditable = (json: string) =>
  sql<string>`CASE WHEN status IN (${sql.join(EDITABLE_VERSION_STATUSES)}) THEN ${json} ELSE parameters END`;

const MODEL_COLUMNS = ['model_id', 'name', 'description', 'tags', 'labels', 'parameters', 'created_by', 'created_at', 'modified_at'] as const;
const VERSION_COLUMNS = [
  'version_id', 'model_id', 'name', 'description', 'status', 'status_message', 'labels', 'parameters', 'performance',
  'created_at', 'modified_at',
] as const;

export function createModelStore(db: Db, clock: Clock): ModelStore {
  async function modelFromRow(row: ModelRow): Promise<AnomalyModel> {
    const versions = (await db
      .selectFrom('anomaly_versions')
      .select(VERSION_COLUMNS)
      .where('model_id', '=', row.model_id)
      .orderBy('created_at')
      .orderBy('version_id')
      .execute()) as VersionRow[];
    return {
      model_id: row.model_id,
      name: row.name,
      description: row.description,
      tags: JSON.parse(row.tags) as ModelTag[],
      labels: JSON.parse(row.labels) as KeyValueMap,
      parameters: JSON.parse(row.parameters) as KeyValueMap,
      versions: versions.map(versionFromRow),
      creation_date: iso(row.created_at),
      modification_date: iso(row.modified_at),
    };
  }

  async function modelRow(modelId: string): Promise<ModelRow | undefined> {
    return (await db.selectFrom('anomaly_models').select(MODEL_COLUMNS).where('model_id', '=', modelId).executeTakeFirst()) as
      | ModelRow
      | undefined;
  }

  async function versionRow(versionId: string): Promise<VersionRow | undefined> {
    return (await db.selectFrom('anomaly_versions').select(VERSION_COLUMNS).where('version_id', '=', versionId).executeTakeFirst()) as
      | VersionRow
      | undefined;
  }

  async function model(modelId: string): Promise<AnomalyModel | null> {
    const row = await modelRow(modelId);
    return row ? modelFromRow(row) : null;
  }

  return {
    async list() {
      const rows = (await db.selectFrom('anomaly_models').select(MODEL_COLUMNS).orderBy('name').orderBy('model_id').execute()) as ModelRow[];
      return Promise.all(rows.map(modelFromRow));
    },
    model,
    async version(modelId, versionId) {
      const row = await versionRow(versionId);
      return row && row.model_id === modelId ? versionFromRow(row) : null;
    },
    async versionsWithStatus(statuses) {
      if (statuses.length === 0) return [];
      const rows = (await db.selectFrom('anomaly_versions').select(VERSION_COLUMNS).where('status', 'in', statuses).execute()) as VersionRow[];
      return rows.map(versionFromRow);
    },
    async ownerOf(modelId) {
      const row = await db.selectFrom('anomaly_models').select('partner').where('model_id', '=', modelId).executeTakeFirst();
      return (row?.partner as string | undefined) ?? null;
    },
    async createModel(input, createdBy, partner) {
      const now = clock.now();
      const modelId = randomUUID();
      await db
        .insertInto('anomaly_models')
        .values({
          model_id: modelId,
          name: input.name,
          description: input.description,
          tags: JSON.stringify(input.tags),
          labels: JSON.stringify(input.labels),
          parameters: JSON.stringify(input.parameters),
          created_by: createdBy,
          created_at: now,
          modified_at: now,
          partner,
        })
        .execute();
      return (await model(modelId))!;
    },
    async updateModel(modelId, changes) {
      // Only the fields given are written: two changes of different fields at once both stay.
      const set: Record<string, unknown> = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.description !== undefined) set.description = changes.description;
      if (changes.tags) set.tags = unlessVersioned('tags', JSON.stringify(changes.tags));
      if (changes.labels) set.labels = JSON.stringify(changes.labels);
      if (changes.parameters) set.parameters = unlessVersioned('parameters', JSON.stringify(changes.parameters));
      await db
        .updateTable('anomaly_models')
        .set({ ...set, modified_at: nextModifiedSql(clock.now()) })
        .where('model_id', '=', modelId)
        .execute();
      return (await model(modelId))!;
    },
    async deleteModel(modelId) {
      await db.deleteFrom('anomaly_models').where('model_id', '=', modelId).execute();
    },
    createVersion: (modelId, input) =>
      // The model may be deleted between the caller's look and this insert: then there is no version.
      inTransaction(db, async (tx) => {
        if (!(await tx.db.selectFrom('anomaly_models').select('model_id').where('model_id', '=', modelId).executeTakeFirst())) return null;
        const now = clock.now();
        const versionId = randomUUID();
        const row = (await tx.db
          .insertInto('anomaly_versions')
        .values({
          version_id: versionId,
          model_id: modelId,
          name: input.name,
          description: input.description,
          status: 'VERSION_STATUS_CREATED',
          status_message: null,
          labels: JSON.stringify(input.labels),
          parameters: JSON.stringify(input.parameters),
          performance: '{}',
          created_at: now,
          modified_at: now,
        })
        .returning(VERSION_COLUMNS)
        .executeTakeFirstOrThrow()) as VersionRow;
        return versionFromRow(row);
      }),
    async updateVersion(versionId, changes, ifStatus) {
      if (ifStatus?.length === 0) return null;
      const set: Record<string, unknown> = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.description !== undefined) set.description = changes.description;
      if (changes.status !== undefined) set.status = changes.status;
      if (changes.status_message !== undefined) set.status_message = changes.status_message;
      if (changes.labels) set.labels = JSON.stringify(changes.labels);
      if (changes.parameters) set.parameters = whileEditable(JSON.stringify(changes.parameters));
      if (changes.performance) set.performance = JSON.stringify(changes.performance);
      let update = db
        .updateTable('anomaly_versions')
        .set({ ...set, modified_at: nextModifiedSql(clock.now()) })
        .where('version_id', '=', versionId);
      if (ifStatus) update = update.where('status', 'in', ifStatus);
      const row = (await update.returning(VERSION_COLUMNS).executeTakeFirst()) as VersionRow | undefined;
      return row ? versionFromRow(row) : null;
    },
    async deleteVersion(versionId) {
      await db.deleteFrom('anomaly_versions').where('version_id', '=', versionId).execute();
    },
    async putArtifact(versionId, name, contentType, bytes) {
      await db
        .insertInto('anomaly_artifacts')
        .values({ version_id: versionId, name, content_type: contentType, bytes })
        .onConflict((oc) =>
          oc.columns(['version_id', 'name']).doUpdateSet((eb) => ({
            content_type: eb.ref('excluded.content_type'),
            bytes: eb.ref('excluded.bytes'),
          })),
        )
        .execute();
    },
    async artifact(versionId, name) {
      const row = (await db
        .selectFrom('anomaly_artifacts')
        .select(['content_type', 'bytes'])
        .where('version_id', '=', versionId)
        .where('name', '=', name)
        .executeTakeFirst()) as { content_type: string; bytes: Buffer } | undefined;
      return row ? { contentType: row.content_type, bytes: row.bytes } : null;
    },
    async deleteArtifacts(versionId) {
      await db.deleteFrom('anomaly_artifacts').where('version_id', '=', versionId).execute();
    },
  };
}
