import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { floatingStart, rruleText, type Layer } from './recurrence.js';

/**
 * How long finding a rotation's first hand-offs may take when it is saved. rrule walks period by period
 * to the year 9999 looking for a date a rule can never produce ("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"
 * takes 25 s), and cannot be interrupted: so the walk runs in a worker thread that is ended at this limit.
 */
export const ROTATION_CHECK_MS = 2000;

/** A rotation whose hand-offs are further apart than this is no rota. */
const MAX_HANDOFF_GAP_MS = 366 * 86_400_000;

// The worker loads rrule's CommonJS build from the path the cloud itself resolves (bundled or not).
const rrulePath = createRequire(import.meta.url).resolve('rrule');
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const loaded = require(workerData.rrulePath);
const { RRule } = loaded.default ?? loaded;
const rule = new RRule({ ...RRule.parseString(workerData.text), dtstart: new Date(workerData.dtstart) });
parentPort.postMessage(rule.all((_date, index) => index < 2).map((date) => date.getTime()));
`;

/** The first two hand-offs (floating time, ms), fewer when the rule has fewer, or 'too-slow'. */
function firstHandOffs(text: string, dtstart: Date): Promise<number[] | 'too-slow'> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { rrulePath, text, dtstart: dtstart.getTime() } });
    const timer = setTimeout(() => {
      resolve('too-slow');
      void worker.terminate();
    }, ROTATION_CHECK_MS);
    worker.once('message', (dates: number[]) => {
      clearTimeout(timer);
      resolve(dates);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/**
 * Why a rotation that parses (rotationProblem) still cannot be a rota: it never occurs (or not within
 * ROTATION_CHECK_MS of looking), or its first two hand-offs are more than a year apart. Null when fine.
 */
export async function rotationOccurrenceProblem(layer: Pick<Layer, 'start' | 'rotation'>, zone: string): Promise<string | null> {
  const found = await firstHandOffs(rruleText(layer.rotation), floatingStart(layer, zone));
  if (found === 'too-slow' || found.length === 0) return 'never occurs';
  if (found.length === 2 && found[1]! - found[0]! > MAX_HANDOFF_GAP_MS) return 'hands off less often than once a year';
  return null;
}
