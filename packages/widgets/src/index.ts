/**
 * @varde/widgets, React build (the portal imports from here). Importing has no side effects: no
 * element is defined and no i18n namespace added until used. Custom elements: see defineAll.ts.
 */
export type { VardeEventMap, VardeEventName, VardeCustomEvents } from './shared/events.js';
export { emitVardeEvent, useVardeEvents } from './shared/events.js';
export type { SignInRequestDetail } from './shared/signInRequestEvent.js';
export { useSharedSession, useSessionSnapshot } from './shared/useSharedSession.js';
export { useWidgetTranslation, type WidgetTranslate } from './shared/useWidgetTranslation.js';
export { widgetStrings, type WidgetStrings } from './shared/widgetStrings.js';
export { defineWidgetElement, type WidgetElementOptions, type AttributeType } from './shared/defineWidgetElement.js';
export { loadShoelaceParts, useShoelaceParts, type ShoelaceLoader } from './shared/shoelace.js';
export { WidgetRoot, type WidgetRootProps } from './shared/WidgetRoot.js';
export { defineAllWidgets, widgetDefinitions } from './defineAll.js';

// Widgets (one block per widget).
export { SessionWidget, type SessionWidgetProps } from './session/Component.js';
export type { SessionChangeDetail } from './session/events.js';
export { defineVardeSession, SESSION_TAG, type VardeSessionElement } from './session/element.js';
export { configureSharedSession } from './session/sharedSessionConfig.js';

// Sites, alarms and search (issue 4).
export { SiteListWidget, type SiteListWidgetProps } from './siteList/Component.js';
export type { SiteOpenDetail } from './siteList/events.js';
export { defineVardeSiteList, SITE_LIST_TAG, type VardeSiteListElement } from './siteList/element.js';
export { AlarmTableWidget, type AlarmTableWidgetProps } from './alarmTable/Component.js';
export type { NavigateDetail } from './alarmTable/events.js';
export { defineVardeAlarmTable, ALARM_TABLE_TAG, type VardeAlarmTableElement } from './alarmTable/element.js';
export { acquireSiteFeed, type SiteFeed, type SiteFeedState } from './alarmTable/siteFeed.js';
export { AlarmMapWidget, OSM_TILE_URL, type AlarmMapWidgetProps } from './alarmMap/Component.js';
export { SitePageWidget, type SitePageWidgetProps } from './sitePage/Component.js';
export { defineVardeAlarmMap, ALARM_MAP_TAG, type VardeAlarmMapElement } from './alarmMap/element.js';
export { SiteAlarmCardsWidget, EXCLUDED_CARD_SITE, type SiteAlarmCardsWidgetProps } from './siteAlarmCards/Component.js';
export { defineVardeSiteAlarmCards, SITE_ALARM_CARDS_TAG, type VardeSiteAlarmCardsElement } from './siteAlarmCards/element.js';
export { TagSearchWidget, type TagSearchWidgetProps } from './tagSearch/Component.js';
export { DEFAULT_EXAMPLE_QUERIES } from './tagSearch/examples.js';
export { defineVardeTagSearch, TAG_SEARCH_TAG, type VardeTagSearchElement } from './tagSearch/element.js';

// Users: the create-user form (embedded and in the add-user dialog).
export { CreateUserWidget, userCreatedDetail, type CreateUserWidgetProps } from './createUser/Component.js';
export { CreateUserForm, type CreateUserFormProps } from './createUser/CreateUserForm.js';
export type { UserCreatedDetail } from './createUser/events.js';
export { defineVardeCreateUser, CREATE_USER_TAG, type VardeCreateUserElement } from './createUser/element.js';
export { controllerIdFromLocation } from './createUser/controllerId.js';
export { UserAdminWidget, type UserAdminWidgetProps } from './userAdmin/Component.js';
export type { UserEditDetail, UserDeletedDetail } from './userAdmin/events.js';
export { defineVardeUserAdmin, USER_ADMIN_TAG, type VardeUserAdminElement } from './userAdmin/element.js';
export { UserDetailWidget, userDetailView, type UserDetailWidgetProps } from './userDetail/Component.js';
export type { UserDetailView, UserDetailNavigateDetail, UserUpdatedDetail } from './userDetail/events.js';
export { defineVardeUserDetail, USER_DETAIL_TAG, type VardeUserDetailElement } from './userDetail/element.js';
export { AccountSettingsWidget, type AccountSettingsWidgetProps } from './accountSettings/Component.js';
export type { LanguageChangeDetail } from './accountSettings/events.js';
export { defineVardeAccountSettings, ACCOUNT_SETTINGS_TAG, type VardeAccountSettingsElement } from './accountSettings/element.js';
export { DEFAULT_TIME_ZONE, ianaTimeZones } from './accountSettings/timeZones.js';

// ML explorer: anomaly models, versions and training.
export { MlExplorerWidget, type MlExplorerWidgetProps } from './mlExplorer/Component.js';
export type { MlSelectDetail, MlSavedDetail, MlTrainingStartedDetail } from './mlExplorer/events.js';
export { defineMlExplorer, ML_EXPLORER_TAG, type VardeMlExplorerElement } from './mlExplorer/element.js';

// Notification rules (issue 6).
export { RuleEditorWidget, type RuleEditorWidgetProps } from './ruleEditor/Component.js';
export type { RulesChangeDetail, RuleTestDetail } from './ruleEditor/events.js';
export { defineRuleEditor, RULE_EDITOR_TAG, type VardeRuleEditorElement } from './ruleEditor/element.js';

// Licence administration.
export { LicensesWidget, type LicensesWidgetProps } from './licenses/Component.js';
export type { LicenseChangeDetail } from './licenses/events.js';
export { defineVardeLicenses, LICENSES_TAG, type VardeLicensesElement } from './licenses/element.js';

// Cloud functions and cloud apps (issue 8).
export { CloudFunctionsWidget, type CloudFunctionsWidgetProps } from './cloudFunctions/Component.js';
export type { FunctionChangeDetail, FunctionRunDetail } from './cloudFunctions/events.js';
export { defineVardeCloudFunctions, CLOUD_FUNCTIONS_TAG, type VardeCloudFunctionsElement } from './cloudFunctions/element.js';
export { CloudAppsWidget, type CloudAppsWidgetProps } from './cloudApps/Component.js';
export type { MappingTableChangeDetail } from './cloudApps/events.js';
export { defineVardeCloudApps, CLOUD_APPS_TAG, type VardeCloudAppsElement } from './cloudApps/element.js';
export { BimMapperWidget, type BimMapperWidgetProps } from './bimMapper/Component.js';
export type { BimUnsavedDetail, BimSavedDetail, BimPickDetail } from './bimMapper/events.js';
export { defineVardeBimMapper, BIM_MAPPER_TAG, type VardeBimMapperElement } from './bimMapper/element.js';
export type { ViewerFactoryLoader } from './bimMapper/viewerLoader.js';
