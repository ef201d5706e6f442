import { deleteUser, isHttpError, listUsers, updateUser, type HttpClient } from '@varde/core';
import type { ManagedUser } from '@varde/core/contract';
import type { RowCalls } from '../bulk/types.js';
import type { CloudSession } from '../cloud/cloudSession.js';
import { usageError } from '../errors.js';

export type PruneMode = 'disable' | 'delete';

export interface PruneOptions {
  source: string;
  mode: PruneMode;
  /** At most this many without --force; default 10 % of the source's users (rounded up). */
  maxPrune?: number;
  force: boolean;
}

const PAGE = 500;
const IN_FLIGHT = 8;

/**
 * `varde users import --source S --prune disable|delete`: the users of source S that the file no longer
 * names (leavers). Only users the cloud lists as that source's are candidates, so people added by hand
 * or by another source, and the caller (never among their own sub-users), are out of reach. Settled
 * after the file validated and before any write, so that too many leavers (a truncated HR export)
 * refuse the whole import; carried out once every row is in.
 */
export class UsersPrune {
  private candidates: ManagedUser[] = [];
  private sourceCount = 0;
  private limit = 0;
  private refused = false;
  private done = 0;

  constructor(
    private readonly session: CloudSession,
    private readonly options: PruneOptions,
    private readonly out: { note(text: string): void; plan(text: string): void },
  ) {}

  private users<T>(run: (http: HttpClient) => Promise<T>): Promise<T> {
    return this.session.call('users', run);
  }

  async prepare(named: (email: string) => boolean, dryRun: boolean, calls: RowCalls): Promise<void> {
    const { source, mode } = this.options;
    const ofSource: ManagedUser[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await calls.safe(() => this.users((http) => listUsers(http, { source, offset, limit: PAGE })));
      ofSource.push(...page.data);
      if (page.data.length < PAGE || ofSource.length >= page.total) break;
    }
    this.sourceCount = ofSource.length;
    // The listing is already by source; checked again so that nothing else can ever be a candidate.
    this.candidates = ofSource.filter(
      (user) => user.source === source && !named(user.username) && !user.systemAdmin && !(mode === 'disable' && user.disabled === true),
    );
    this.limit = this.options.maxPrune ?? Math.ceil(this.sourceCount / 10);
    if (this.candidates.length <= this.limit || this.options.force) return;
    const why =
      `--prune ${mode} would ${mode} ${this.candidates.length} of the ${this.sourceCount} users of source ${source}, ` +
      `more than --max-prune ${this.limit}${this.options.maxPrune === undefined ? ' (10 % of the source)' : ''}`;
    if (!dryRun) throw usageError(`${why}. Nothing was written. If the file is complete, run again with --force (or a higher --max-prune).`);
    this.refused = true;
    this.out.note(`${why}: a run without --dry-run would be refused without --force.`);
  }

  async finish(dryRun: boolean, calls: RowCalls): Promise<void> {
    const { mode } = this.options;
    if (dryRun) {
      for (const user of this.candidates) this.out.plan(`${mode}\t-\t${user.username}`);
      return;
    }
    const queue = [...this.candidates];
    const worker = async () => {
      for (let user = queue.shift(); user; user = queue.shift()) {
        const { uid } = user;
        try {
          if (mode === 'disable') await calls.safe(() => this.users((http) => updateUser(http, uid, { disabled: true })));
          else await calls.safe(() => this.users((http) => deleteUser(http, uid)));
        } catch (error) {
          // Deleted meanwhile (or by an earlier, interrupted run): it is gone, as wanted.
          if (!(mode === 'delete' && isHttpError(error) && error.status === 404)) throw error;
        }
        this.done += 1;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    if (this.candidates.length > 0) {
      const verb = mode === 'disable' ? 'Disabled' : 'Deleted';
      this.out.note(`${verb} ${this.done} users of source ${this.options.source} that the file no longer names: ${this.candidates.map((user) => user.username).join(', ')}`);
    }
  }

  /** The prune's part of the summary line. */
  describe(dryRun: boolean): string {
    const verb = this.options.mode === 'disable' ? 'disable' : 'delete';
    return dryRun ? `, ${this.candidates.length} to ${verb}` : `, ${this.done} ${verb}d`;
  }

  /** The prune's part of the --json document. */
  json(dryRun: boolean): Record<string, unknown> {
    const { mode, source } = this.options;
    const users = this.candidates.map((user) => user.username);
    const count = dryRun ? { [mode === 'disable' ? 'wouldDisable' : 'wouldDelete']: users.length } : { [mode === 'disable' ? 'disabled' : 'deleted']: this.done };
    return { ...count, prune: { mode, source, users, sourceUsers: this.sourceCount, maxPrune: this.limit, ...(dryRun ? { refused: this.refused } : {}) } };
  }
}
