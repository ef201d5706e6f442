/**
 * The CLI's exit codes. Scripts depend on them: keep the numbers stable and only add new ones.
 * `varde help exit-codes` and the README print this table.
 */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  rowsFailed: 3,
  auth: 4,
  notFound: 5,
  invalidInput: 6,
  unavailable: 7,
  forbidden: 8,
  throttled: 9,
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODE_DESCRIPTIONS: ReadonlyArray<{ code: ExitCode; meaning: string }> = [
  { code: EXIT.ok, meaning: 'Success.' },
  { code: EXIT.failure, meaning: 'Failure not covered below (for example a conflict, or an unexpected error).' },
  { code: EXIT.usage, meaning: 'Usage error (unknown command or option, missing or malformed argument), or an input file that failed validation: nothing was written.' },
  { code: EXIT.rowsFailed, meaning: 'A bulk job finished with failed rows, or stopped before the end: `--resume` finishes it.' },
  { code: EXIT.auth, meaning: 'Not signed in, sign-in failed (wrong password or SMS code), or the session expired (HTTP 401).' },
  { code: EXIT.notFound, meaning: 'Not found (HTTP 404).' },
  { code: EXIT.invalidInput, meaning: 'Invalid input: the server rejected the request (HTTP 400, 413, 422).' },
  { code: EXIT.unavailable, meaning: 'Server or network error: cannot connect, timeout, or HTTP 5xx.' },
  { code: EXIT.forbidden, meaning: 'Signed in but not allowed (HTTP 403).' },
  { code: EXIT.throttled, meaning: 'Too many attempts (HTTP 429): wait and try again.' },
  { code: EXIT.interrupted, meaning: 'Interrupted (Ctrl-C).' },
];
