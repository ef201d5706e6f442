import type { FastifyInstance } from 'fastify';
import {
  servicePathPrefix,
  timeseriesQuery,
  valueQuery,
  type HistorianTagsResponse,
  type HistorianTimeFormat,
  type TimeseriesPoint,
  type ValueResponse,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { siteForCaller } from '../controllers/visibleSites.js';
import { callerOf, type Caller } from '../http/caller.js';
import { HttpError } from '../http/HttpError.js';
import { parseWith } from '../http/parseWith.js';
import { MAX_POINTS_PER_READ, type Historian } from './historianStore.js';
import { countBetween, indexAtOrBefore, pointAt, pointsBetween } from './series.js';
import { seriesWithWrites } from './seriesWithWrites.js';
import { parseHistorianTime } from './historianTime.js';
import { mergeWrittenPoints } from '../writeApi/writtenValues.js';

type TagParams = { Params: { controllerId: string; tag: string } };

function timeOf(text: string, name: string): number {
  const ms = parseHistorianTime(text);
  if (ms === null) throw new HttpError(400, `${name}: not a time (ISO 8601 or epoch milliseconds): ${text.slice(0, 40)}`);
  return ms;
}

function formatTs(ts: number, format: HistorianTimeFormat | undefined): number | string {
  return format === 'epoch' ? ts : new Date(ts).toISOString();
}

/**
 * The historian, at /cloud/historian: stored values of controller tags, for the sites the caller may
 * see (404 for an unknown site, 403 for someone else's, 404 for a tag without data).
 */
export function registerHistorianRoutes(app: FastifyInstance, ctx: CloudContext, historian: Historian): void {
  async function seriesFor(caller: Caller, controllerId: string, tag: string) {
    await siteForCaller(ctx, caller, controllerId);
    const series = await historian.series(controllerId, tag);
    // A tag may also exist only through values written with the write API.
    if (!series && !(await ctx.writeApi.values.hasNumbers(controllerId, tag))) throw new HttpError(404, `No data for tag ${tag} on controller ${controllerId}`);
    return series;
  }

  void app.register(
    async (api) => {
      /** GET /{controllerId}/tags: the controller's tags that have data. */
      api.get<{ Params: { controllerId: string } }>('/:controllerId/tags', async (request): Promise<HistorianTagsResponse> => {
        await siteForCaller(ctx, callerOf(request), request.params.controllerId);
        const data = (await historian.seriesOf(request.params.controllerId)).map((series) => ({
          tag: series.tag, unit: series.unit, from: series.startAt, intervalMs: series.intervalMs,
        }));
        return { data };
      });

      /** GET /{controllerId}/timeseries/{tag}?from&to&time_format: [{ts, v}] with one point beyond each end; no `to` = now. */
      api.get<TagParams>('/:controllerId/timeseries/:tag', async (request): Promise<TimeseriesPoint[]> => {
        const query = parseWith(timeseriesQuery, request.query ?? {});
        const from = timeOf(query.from, 'from');
        const to = query.to === undefined ? ctx.clock.now() : timeOf(query.to, 'to');
        if (to < from) throw new HttpError(400, 'to must not be before from');
        const { controllerId, tag } = request.params;
        await siteForCaller(ctx, callerOf(request), controllerId);
        // The definition and the written values in one statement: a trend is read again and again.
        const { definition, written } = await seriesWithWrites(ctx.db, controllerId, tag, from, to);
        // A tag may also exist only through values written with the write API.
        if (!definition && written.length === 0) throw new HttpError(404, `No data for tag ${tag} on controller ${controllerId}`);
        const now = ctx.clock.now();
        if (definition && countBetween(definition, from, to, now) > MAX_POINTS_PER_READ) {
          throw new HttpError(400, `The range holds more than ${MAX_POINTS_PER_READ} points; ask for a shorter one`);
        }
        const points = mergeWrittenPoints(definition ? pointsBetween(definition, from, to, now) : [], written, from, to);
        return points.map((point) => ({ ts: formatTs(point.ts, query.time_format), v: point.v }));
      });

      /** GET /{controllerId}/value/{tag}?ts: the last value at or before ts. */
      api.get<TagParams>('/:controllerId/value/:tag', async (request): Promise<ValueResponse> => {
        const query = parseWith(valueQuery, request.query ?? {});
        const ts = timeOf(query.ts, 'ts');
        const series = await seriesFor(callerOf(request), request.params.controllerId, request.params.tag);
        const index = series ? Math.min(indexAtOrBefore(series, ts), indexAtOrBefore(series, ctx.clock.now())) : -1;
        const generated = series && index >= 0 ? pointAt(series, index) : null;
        // A value written through the write API wins when it is the later one.
        const written = await ctx.writeApi.values.numberAtOrBefore(request.params.controllerId, request.params.tag, ts);
        const point = written && (!generated || written.ts >= generated.ts) ? written : generated;
        if (!point) throw new HttpError(404, `No value of ${request.params.tag} at or before ${query.ts}`);
        return { ts: formatTs(point.ts, query.time_format), value: point.v };
      });
    },
    { prefix: servicePathPrefix('historian') },
  );
}
