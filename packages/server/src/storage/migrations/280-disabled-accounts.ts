import type { Migration } from './migration.js';

/**
 * Disabled accounts (issue 34: an HR import disables the leavers its file no longer names). The account
 * stays, with its grants and history, while `disabled_at` (epoch ms) is set: its sessions end and its
 * access tokens are refused. Kept on the account, which every credential check reads already.
 */
const column = (time: string) => `
    ALTER TABLE accounts ADD COLUMN disabled_at ${time};
`;

export const disabledAccountsMigration: Migration = {
  id: '280-disabled-accounts',
  sql: column('INTEGER'),
  postgres: column('BIGINT'),
};
