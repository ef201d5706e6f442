import type { FastifyInstance } from 'fastify';
import {
  createModelBody,
  createVersionBody,
  isEditableVersionStatus,
  patchModelBody,
  patchVersionBody,
  servicePathPrefix,
  VIOLIN_PLOT_ARTIFACT,
  type AnomalyModel,
  type AnomalyVersion,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { callerOf } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../http/jsonBody.js';
import { parseWith } from '../http/parseWith.js';
import { explorerCaller, type ExplorerCaller } from './access.js';
import type { AnomalyService } from './anomalyService.js';
import { checkDuplicateKeys, checkedMap, checkedName, checkedTags } from './validation.js';

type ModelParams = { Params: { model_id: string } };
type VersionParams = { Params: { model_id: string; version_id: string } };

/**
 * The anomaly service, at /cloud/anomaly: models, versions, training and the violin plot artifact.
 * Bodies are read with a JSON parser that also refuses a key named twice (a duplicate label or
 * parameter name cannot otherwise reach the server through a map).
 */
export function registerAnomalyRoutes(app: FastifyInstance, ctx: CloudContext, anomaly: AnomalyService): void {
  const { store, training } = anomaly;

  async function modelFor(caller: ExplorerCaller, modelId: string): Promise<AnomalyModel> {
    const model = await store.model(modelId);
    if (!model || !(await caller.canSee(model))) throw new HttpError(404, `No model ${modelId}`);
    return model;
  }

  async function versionFor(caller: ExplorerCaller, modelId: string, versionId: string): Promise<AnomalyVersion> {
    await modelFor(caller, modelId);
    const version = await store.version(modelId, versionId);
    if (!version) throw new HttpError(404, `No version ${versionId} of model ${modelId}`);
    return version;
  }

  void app.register(
    async (api) => {
      api.removeContentTypeParser('application/json');
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        const text = String(body);
        if (text.trim() === '') return done(new HttpError(400, 'The body is empty; send JSON'), undefined);
        // Before the duplicate-key scan, which recurses once per level.
        if (jsonDepthExceeds(text)) return done(new HttpError(400, `JSON is nested more than ${MAX_JSON_DEPTH} levels deep`), undefined);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return done(new HttpError(400, 'The body is not valid JSON'), undefined);
        }
        try {
          checkDuplicateKeys(text);
        } catch (error) {
          return done(error as HttpError, undefined);
        }
        done(null, parsed);
      });

      const caller = (request: Parameters<typeof callerOf>[0]) => explorerCaller(ctx, callerOf(request).uid, store.ownerOf);

      api.get('/v0/models', async (request): Promise<AnomalyModel[]> => {
        const who = await caller(request);
        const models: AnomalyModel[] = [];
        for (const model of await store.list()) if (await who.canSee(model)) models.push(model);
        return models;
      });

      api.get<ModelParams>('/v0/models/:model_id', async (request) => modelFor(await caller(request), request.params.model_id));

      api.get<VersionParams>('/v0/models/:model_id/:version_id', async (request) =>
        versionFor(await caller(request), request.params.model_id, request.params.version_id));

      api.post('/v0/models', async (request, reply) => {
        const who = await caller(request);
        const body = parseWith(createModelBody, request.body);
        const tags = checkedTags(body.tags);
        who.checkTags(tags);
        const model = await store.createModel(
          {
            name: checkedName(body.name, 'model'),
            description: body.description,
            tags,
            labels: checkedMap(body.labels, 'label'),
            parameters: checkedMap(body.parameters, 'parameter'),
          },
          who.uid,
          who.partner,
        );
        reply.code(201);
        return model;
      });

      /** POST /v0/models/{model_id}: a new version, status CREATED. */
      api.post<ModelParams>('/v0/models/:model_id', async (request, reply) => {
        const model = await modelFor(await caller(request), request.params.model_id);
        const body = parseWith(createVersionBody, request.body);
        const version = await store.createVersion(model.model_id, {
          name: checkedName(body.name, 'version'),
          description: body.description,
          labels: checkedMap(body.labels, 'label'),
          parameters: checkedMap(body.parameters, 'parameter'),
        });
        if (!version) throw new HttpError(404, `No model ${model.model_id}`);
        reply.code(201);
        return version;
      });

      /** PATCH a model: tags and parameters are dropped while it has versions (the store checks again as it writes). */
      api.patch<ModelParams>('/v0/models/:model_id', async (request) => {
        const who = await caller(request);
        const model = await modelFor(who, request.params.model_id);
        const body = parseWith(patchModelBody, request.body);
        const locked = model.versions.length > 0;
        const tags = body.tags && !locked ? checkedTags(body.tags) : undefined;
        if (tags) who.checkTags(tags);
        return store.updateModel(model.model_id, {
          ...(body.name !== undefined ? { name: checkedName(body.name, 'model') } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(tags ? { tags } : {}),
          ...(body.labels ? { labels: checkedMap(body.labels, 'label') } : {}),
          ...(body.parameters && !locked ? { parameters: checkedMap(body.parameters, 'parameter') } : {}),
        });
      });

      /** PATCH a version: status and performance are dropped; parameters only while CREATED or ERROR (checked again as written). */
      api.patch<VersionParams>('/v0/models/:model_id/:version_id', async (request) => {
        const version = await versionFor(await caller(request), request.params.model_id, request.params.version_id);
        const body = parseWith(patchVersionBody, request.body);
        const labels = body.labels ? checkedMap(body.labels, 'label') : undefined;
        const parameters = body.parameters ? checkedMap(body.parameters, 'parameter') : undefined;
        return store.updateVersion(version.version_id, {
          ...(body.name !== undefined ? { name: checkedName(body.name, 'version') } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(labels ? { labels } : {}),
          ...(parameters && isEditableVersionStatus(version.status) ? { parameters } : {}),
        });
      });

      api.delete<ModelParams>('/v0/models/:model_id', async (request, reply) => {
        const model = await modelFor(await caller(request), request.params.model_id);
        await store.deleteModel(model.model_id);
        return reply.code(204).send();
      });

      api.delete<VersionParams>('/v0/models/:model_id/:version_id', async (request, reply) => {
        const version = await versionFor(await caller(request), request.params.model_id, request.params.version_id);
        await store.deleteVersion(version.version_id);
        return reply.code(204).send();
      });

      /** GET /v0/image/{model_id}/{version_id}/violin_plot: the PNG drawn from the data training used. */
      api.get<{ Params: { a: string; b: string; c: string } }>('/v0/image/:a/:b/:c', async (request, reply) => {
        const version = await versionFor(await caller(request), request.params.a, request.params.b);
        if (request.params.c !== VIOLIN_PLOT_ARTIFACT) throw new HttpError(404, `No artifact ${request.params.c}`);
        const artifact = await store.artifact(version.version_id, VIOLIN_PLOT_ARTIFACT);
        if (!artifact) throw new HttpError(404, 'No violin_plot for this version: it is not trained (READY) yet');
        return reply.header('content-type', artifact.contentType).header('cache-control', 'no-store').send(artifact.bytes);
      });

      /** POST /v0/train_model/{model_id}/{version_id}: 202, the version in STARTING_TRAINING at once. */
      api.post<VersionParams>('/v0/train_model/:model_id/:version_id', async (request, reply) => {
        const version = await versionFor(await caller(request), request.params.model_id, request.params.version_id);
        const refused = (status: string) => new HttpError(409, `Only versions in status CREATED or ERROR can be trained (this one is ${status})`);
        if (!isEditableVersionStatus(version.status)) throw refused(version.status);
        // The start checks the status again in the statement that changes it: of two requests at once, one starts.
        if (!(await training.start(version.model_id, version.version_id))) {
          const now = await store.version(version.model_id, version.version_id);
          throw now ? refused(now.status) : new HttpError(404, `No version ${version.version_id} of model ${version.model_id}`);
        }
        reply.code(202);
        return store.version(version.model_id, version.version_id);
      });
    },
    { prefix: servicePathPrefix('anomaly') },
  );
}
