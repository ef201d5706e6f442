import * as z from 'zod/mini';
import './zodLocale.js';

/** Every error body of every service carries `detail`. */
export const errorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** `{data: [...]}`, the list envelope the cloud's services answer with. */
export function dataEnvelope<T extends z.core.SomeType>(item: T) {
  return z.object({ data: z.array(item) });
}

export const roles = ['Admin', 'PowerUser', 'User', 'Guest', 'Viewer'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

/** Module access keys (core-shell spec, section 3). */
export const moduleKeys = [
  'alarms', 'sites', 'bim', 'functions', 'apps', 'appsmanager', 'mlexplorer', 'users',
  'licensing', 'notifications', 'search', 'api', 'smarttune', 'insight',
] as const;
export const moduleKey = z.enum(moduleKeys);
export type ModuleKey = z.infer<typeof moduleKey>;

/** A set kept as a map of key -> true, the shape the realtime database stores. */
export const trueMap = z.record(z.string(), z.literal(true));
export type TrueMap = z.infer<typeof trueMap>;

/** Formats the issues of a failed parse as one line for `detail`. */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}
