/**
 * Schema migrations, applied in this order. Never edit a migration that has shipped: add a new one.
 * One file per concern so that modules add their tables without touching each other's.
 */
import type { Migration } from './migration.js';
import { accountsMigration } from './001-accounts.js';
import { authStateMigration } from './002-auth-state.js';
import { signingKeysMigration } from './003-signing-keys.js';
import { sitesMigration } from './004-sites.js';
import { outboxMigration } from './005-outbox.js';
import { realtimeMigration } from './010-realtime.js';
import { oidcMigration } from './020-oidc.js';
import { alarmsAndTagsMigration } from './030-alarms-and-tags.js';
import { notificationRulesMigration } from './060-notification-rules.js';
import { anomalyAndHistorianMigration } from './080-anomaly-and-historian.js';
import { functionsMappingsWritesMigration } from './090-functions-mappings-writes.js';
import { partnerOwnershipMigration } from './100-partner-ownership.js';
import { sessionRevocationMigration } from './110-session-revocation.js';
import { sessionCookieRotationMigration } from './111-session-cookie-rotation.js';
import { mappingFieldsMigration } from './120-mapping-fields.js';
import { ruleDeliveryLogMigration } from './130-rule-delivery-log.js';
import { alarmLifecycleMigration } from './140-alarm-lifecycle.js';
import { realtimeRefreshRotationMigration } from './150-realtime-refresh-rotation.js';
import { oidcAccountIdMigration } from './160-oidc-account-id.js';
import { portableIndexesMigration } from './170-portable-indexes.js';
import { graphTablesAndEmailIndexMigration } from './180-graph-tables-and-email-index.js';
import { sharedNodeStateMigration } from './190-shared-node-state.js';
import { trainingClaimsMigration } from './200-training-claims.js';
import { clusterNotificationsMigration } from './210-cluster-notifications.js';
import { onDisconnectLedgerMigration } from './220-on-disconnect-ledger.js';
import { clusterSettingsMigration } from './230-cluster-settings.js';
import { smtpDeliveryStateMigration } from './240-smtp-delivery-state.js';
import { smsResendTicketMigration } from './250-sms-resend-ticket.js';
import { ruleNamesMigration } from './260-rule-names.js';
import { accessTokensMigration } from './270-access-tokens.js';
import { disabledAccountsMigration } from './280-disabled-accounts.js';
import { oncallSchedulesMigration } from './290-oncall-schedules.js';
import { oncallFeedTokensMigration } from './291-oncall-feed-tokens.js';
import { escalationsMigration } from './292-escalations.js';
import { alarmAckLinksMigration } from './293-alarm-ack-links.js';
import { auditRecordsMigration } from './300-audit-records.js';
import { scimDirectoryMigration } from './310-scim-directory.js';
import { auditRetentionMigration } from './301-audit-retention.js';
import { auditIndexesByIdMigration } from './302-audit-indexes-by-id.js';
import { callerNotificationsMigration } from './330-caller-notifications.js';
import { siteNotificationsMigration } from './331-site-notifications.js';
import { connectionNotificationsMigration } from './332-connection-notifications.js';
import { managedUserIndexMigration } from './333-managed-user-index.js';

export type { Migration };

export const migrations: Migration[] = [
  accountsMigration,
  authStateMigration,
  signingKeysMigration,
  sitesMigration,
  outboxMigration,
  realtimeMigration,
  oidcMigration,
  alarmsAndTagsMigration,
  notificationRulesMigration,
  anomalyAndHistorianMigration,
  functionsMappingsWritesMigration,
  partnerOwnershipMigration,
  sessionRevocationMigration,
  sessionCookieRotationMigration,
  mappingFieldsMigration,
  ruleDeliveryLogMigration,
  alarmLifecycleMigration,
  realtimeRefreshRotationMigration,
  oidcAccountIdMigration,
  portableIndexesMigration,
  graphTablesAndEmailIndexMigration,
  sharedNodeStateMigration,
  trainingClaimsMigration,
  clusterNotificationsMigration,
  onDisconnectLedgerMigration,
  clusterSettingsMigration,
  smtpDeliveryStateMigration,
  smsResendTicketMigration,
  ruleNamesMigration,
  accessTokensMigration,
  disabledAccountsMigration,
  oncallSchedulesMigration,
  oncallFeedTokensMigration,
  escalationsMigration,
  alarmAckLinksMigration,
  auditRecordsMigration,
  auditRetentionMigration,
  auditIndexesByIdMigration,
  scimDirectoryMigration,
  callerNotificationsMigration,
  siteNotificationsMigration,
  connectionNotificationsMigration,
  managedUserIndexMigration,
];
