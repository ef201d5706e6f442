import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * faas-manager: cloud functions (Python) that run in the cloud. Calls (admin-modules spec §7):
 * `GET /v0/functions` (array of summaries), `GET|DELETE /v0/functions/{name}`, `POST /v0/functions/{name}`
 * (query: the historian, write-API and mappings-manager hosts and tokens; body {description, requirements,
 * source}). The reference cloud adds `POST /v0/functions/{name}/run`. Errors carry `detail`.
 */

export const FUNCTION_NAME_MESSAGE =
  'A function name starts with a letter and holds only letters, digits, - and _ (at most 64 characters)';
export const FUNCTION_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export const functionName = z.string().check(z.regex(FUNCTION_NAME_PATTERN, FUNCTION_NAME_MESSAGE));

/** One row of `GET /v0/functions`. `updated` is ISO 8601; `version` counts up from 1 with every save. */
export const functionSummary = z.object({
  name: z.string(),
  description: z.string(),
  updated: z.string(),
  version: z.number().check(z.int()),
});
export type FunctionSummary = z.infer<typeof functionSummary>;
export const listFunctionsResponse = z.array(functionSummary);

/** `GET /v0/functions/{name}`: the summary plus the requirements text and the Python source. */
export const cloudFunction = z.extend(functionSummary, {
  requirements: z.string(),
  source: z.string(),
});
export type CloudFunction = z.infer<typeof cloudFunction>;

export const MAX_FUNCTION_SOURCE_CHARS = 200_000;

export const saveFunctionBody = z.object({
  description: z.string().check(z.maxLength(2000)),
  requirements: z.string().check(z.maxLength(10_000)),
  source: z.string().check(z.maxLength(MAX_FUNCTION_SOURCE_CHARS)),
});
export type SaveFunctionBody = z.infer<typeof saveFunctionBody>;

/**
 * Query of `POST /v0/functions/{name}`: where the function reaches the other services, and with which
 * tokens. The reference cloud records the hosts and never stores the tokens (a run gets fresh ones).
 */
export const saveFunctionQuery = z.object({
  historianHost: z.optional(z.string().check(z.maxLength(500))),
  historianToken: z.optional(z.string().check(z.maxLength(8000))),
  writeApiHost: z.optional(z.string().check(z.maxLength(500))),
  writeApiToken: z.optional(z.string().check(z.maxLength(8000))),
  mappingsManagerHost: z.optional(z.string().check(z.maxLength(500))),
  mappingsManagerToken: z.optional(z.string().check(z.maxLength(8000))),
});
export type SaveFunctionQuery = z.infer<typeof saveFunctionQuery>;

export const DEFAULT_RUN_TIMEOUT_SECONDS = 30;
export const MAX_RUN_TIMEOUT_SECONDS = 120;

/** `POST /v0/functions/{name}/run`: `request` is handed to the function's `main(request)`. */
export const runFunctionBody = z.object({
  request: z.optional(z.record(z.string(), z.unknown())),
  timeoutSeconds: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_RUN_TIMEOUT_SECONDS))),
});
export type RunFunctionBody = z.infer<typeof runFunctionBody>;

/** A value the function wrote through the write API during the run. */
export const writtenValue = z.object({
  controllerId: z.string(),
  tag: z.string(),
  timestamp: z.number(),
  dataType: z.enum(['number', 'string']),
  value: z.optional(z.number()),
  valueText: z.optional(z.string()),
});
export type WrittenValue = z.infer<typeof writtenValue>;

/**
 * The outcome of a run. `status`: `ok` (main returned), `error` (it raised or exited non-zero),
 * `timeout` (killed at the time limit). `result` is main's return value (JSON), `output` its
 * stdout and stderr (each cut at 64 KB), `writes` the values it wrote.
 */
export const runFunctionResponse = z.object({
  name: z.string(),
  version: z.number().check(z.int()),
  status: z.enum(['ok', 'error', 'timeout']),
  exitCode: z.nullable(z.number().check(z.int())),
  result: z.optional(z.unknown()),
  error: z.optional(z.string()),
  stdout: z.string(),
  stderr: z.string(),
  writes: z.array(writtenValue),
  python: z.string(),
});
export type RunFunctionResponse = z.infer<typeof runFunctionResponse>;

/** The detail of the 503 a run gets on a machine without python3. */
export const PYTHON_MISSING_DETAIL =
  'python3 is not installed on the machine running the cloud, so functions cannot run here. Install Python 3 (the standard library is enough for the template) and try again.';

/** The new-function template (the editor's "new" and `varde functions` use it). */
export const DEFAULT_FUNCTION_REQUIREMENTS = 'requests>=2.31';
