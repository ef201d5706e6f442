import type * as z from 'zod/mini';
import { HttpError } from './HttpError.js';

/** One thing wrong with a request body: the field (`layers.0.rotation`, or `body`) and why. */
export interface FieldProblem {
  field: string;
  detail: string;
}

/**
 * A 400 that names every wrong field of a body, not only the first, so that a client checking a whole
 * file (`varde schedules apply`) can report them all at once: `{detail, problems: [{field, detail}]}`,
 * `detail` listing them as one line (`field: why; field: why`, as a schema mismatch reads).
 */
export class FieldProblemsError extends HttpError {
  readonly problems: readonly FieldProblem[];

  constructor(problems: readonly FieldProblem[]) {
    super(400, problems.map((problem) => `${problem.field}: ${problem.detail}`).join('; '));
    this.problems = problems;
  }
}

/** Collects a body's problems while it is checked, to be thrown together at the end. */
export class FieldProblems {
  private readonly found: FieldProblem[] = [];

  add(field: string, detail: string): void {
    this.found.push({ field, detail });
  }

  throwIfAny(): void {
    if (this.found.length > 0) throw new FieldProblemsError(this.found);
  }
}

/** Validates a body with a schema; every mismatch is named (a FieldProblemsError). */
export function parseNamingEach<T extends z.ZodMiniType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new FieldProblemsError(result.error.issues.map((issue) => ({ field: issue.path.length > 0 ? issue.path.join('.') : 'body', detail: issue.message })));
}
