import { VIOLIN_PLOT_ARTIFACT, type AnomalyModel, type AnomalyVersion, type VersionStatus } from '@varde/core/contract';
import type { Historian } from '../historian/historianStore.js';
import { parseHistorianTime } from '../historian/historianTime.js';
import type { SeriesPoint } from '../historian/series.js';
import { alignSeries, columnStats, subsetOf, type Dataset } from './dataset.js';
import { clusterRows, type ClusteringResult } from './gridClustering.js';
import type { ModelStore } from './modelStore.js';
import { renderViolinPlot } from './violinPlot.js';

/** A failure the user can act on; its message becomes the version's status_message. */
export class TrainingError extends Error {}

const DAY_MS = 86_400_000;
export const MAX_SUBSET_SIZE = 100_000;

export interface TrainingParameters {
  start: number;
  end: number;
  minClusterSize: number;
  minSamples: number;
  subsetSize: number;
}

function wholeNumber(parameters: AnomalyVersion['parameters'], key: string, max: number): number {
  const raw = parameters[key];
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw new TrainingError(`Parameter ${key} must be a whole number from 1 to ${max} (got ${JSON.stringify(raw ?? null)})`);
  }
  return value;
}

function time(parameters: AnomalyVersion['parameters'], key: 'start' | 'end'): number {
  const raw = parameters[key];
  const ms = typeof raw === 'string' ? parseHistorianTime(raw) : null;
  if (ms === null) throw new TrainingError(`Parameter ${key} must be an ISO 8601 time (got ${JSON.stringify(raw ?? null)})`);
  return ms;
}

/** The version's parameters, checked: a bad window or number ends training in ERROR with this reason. */
export function trainingParameters(version: AnomalyVersion, now: number): TrainingParameters {
  const start = time(version.parameters, 'start');
  const end = time(version.parameters, 'end');
  if (end <= start) throw new TrainingError('The time window is empty: end must be after start');
  if (start > now) throw new TrainingError('The time window starts in the future');
  return {
    start,
    end: Math.min(end, now),
    subsetSize: wholeNumber(version.parameters, 'subset_size', MAX_SUBSET_SIZE),
    minClusterSize: wholeNumber(version.parameters, 'min_cluster_size', MAX_SUBSET_SIZE),
    minSamples: wholeNumber(version.parameters, 'min_samples', MAX_SUBSET_SIZE),
  };
}

function columnNames(model: AnomalyModel): string[] {
  return model.tags.map(({ controller, tag }) =>
    model.tags.filter((other) => other.tag === tag).length > 1 ? `${tag}@${controller.slice(0, 8)}` : tag);
}

/** Reads every tag of the model over the window from the historian and joins them on time. */
export async function provisionData(model: AnomalyModel, window: TrainingParameters, historian: Historian): Promise<Dataset> {
  if (model.tags.length === 0) throw new TrainingError('The model has no tags to train on');
  const series: SeriesPoint[][] = [];
  for (const { controller, tag } of model.tags) {
    const points = ((await historian.read(controller, tag, window.start, window.end)) ?? [])
      .filter((point) => point.ts >= window.start && point.ts <= window.end);
    if (points.length === 0) {
      throw new TrainingError(
        `Tag ${tag} on controller ${controller} has no data between ${new Date(window.start).toISOString()} and ${new Date(window.end).toISOString()}`,
      );
    }
    series.push(points);
  }
  const dataset = alignSeries(columnNames(model), series);
  if (dataset.rows.length === 0) throw new TrainingError('The tags have no common timestamps in the time window');
  return dataset;
}

const round = (value: number, decimals = 3) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The figures shown in the performance table. */
export function performanceOf(full: Dataset, subset: Dataset, clustering: ClusteringResult, window: TrainingParameters) {
  const figures: Record<string, number> = {
    samples_total: full.rows.length,
    samples_used: subset.rows.length,
    tags: full.columns.length,
    window_days: round((window.end - window.start) / DAY_MS, 1),
    clusters: clustering.clusterSizes.length,
    largest_cluster: clustering.clusterSizes[0] ?? 0,
    noise_points: clustering.noise,
    anomaly_rate: round(clustering.noise / Math.max(1, subset.rows.length), 4),
  };
  subset.columns.forEach((column, c) => {
    const stats = columnStats(subset.rows.map((row) => row[c]!));
    figures[`${column} mean`] = round(stats.mean);
    figures[`${column} std`] = round(stats.std);
    figures[`${column} min`] = round(stats.min);
    figures[`${column} max`] = round(stats.max);
  });
  return figures;
}

/** What a job carries from one stage to the next. */
export interface JobState {
  modelId: string;
  versionId: string;
  window?: TrainingParameters;
  full?: Dataset;
  subset?: Dataset;
  clustering?: ClusteringResult;
}

/**
 * Does the work of leaving `status` and returns the next status (READY last). The work runs at the
 * stage it is named after: data is read when leaving PROVISIONING_DATA, the subset made when leaving
 * CREATING_SUBSETS, the model trained when leaving TRAINING_MODEL, the plot drawn when leaving MODEL_TRAINED.
 */
export async function runStage(
  status: VersionStatus,
  job: JobState,
  deps: { store: ModelStore; historian: Historian; now: number },
): Promise<{ next: VersionStatus; performance?: Record<string, number> }> {
  const model = await deps.store.model(job.modelId);
  const version = await deps.store.version(job.modelId, job.versionId);
  if (!model || !version) throw new TrainingError('The model or version was deleted');
  switch (status) {
    case 'VERSION_STATUS_STARTING_TRAINING':
      job.window = trainingParameters(version, deps.now);
      return { next: 'VERSION_STATUS_PROVISIONING_DATA' };
    case 'VERSION_STATUS_PROVISIONING_DATA':
      job.full = await provisionData(model, job.window!, deps.historian);
      return { next: 'VERSION_STATUS_DATA_PROVISIONED' };
    case 'VERSION_STATUS_DATA_PROVISIONED':
      return { next: 'VERSION_STATUS_CREATING_SUBSETS' };
    case 'VERSION_STATUS_CREATING_SUBSETS':
      job.subset = subsetOf(job.full!, job.window!.subsetSize);
      return { next: 'VERSION_STATUS_SUBSETS_CREATED' };
    case 'VERSION_STATUS_SUBSETS_CREATED':
      return { next: 'VERSION_STATUS_TRAINING_MODEL' };
    case 'VERSION_STATUS_TRAINING_MODEL':
      job.clustering = clusterRows(job.subset!.rows, job.window!.minClusterSize, job.window!.minSamples);
      return { next: 'VERSION_STATUS_MODEL_TRAINED' };
    case 'VERSION_STATUS_MODEL_TRAINED': {
      const png = renderViolinPlot({ title: `${model.name} / ${version.name}`, dataset: job.subset!, labels: job.clustering!.labels });
      await deps.store.putArtifact(job.versionId, VIOLIN_PLOT_ARTIFACT, 'image/png', png);
      return { next: 'VERSION_STATUS_READY', performance: performanceOf(job.full!, job.subset!, job.clustering!, job.window!) };
    }
    default:
      throw new TrainingError(`Training cannot continue from ${status}`);
  }
}
