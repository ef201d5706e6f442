/**
 * Defines every widget's custom element. The preact bundle dist/elements/all.js calls it; a widget
 * adds its define function here (and its entry in src/elements/).
 */
import { defineVardeSession } from './session/element.js';
import { defineVardeLicenses } from './licenses/element.js';
import { defineVardeCreateUser } from './createUser/element.js';
import { defineVardeUserAdmin } from './userAdmin/element.js';
import { defineVardeUserDetail } from './userDetail/element.js';
import { defineVardeAccountSettings } from './accountSettings/element.js';
import { defineVardeSiteList } from './siteList/element.js';
import { defineVardeAlarmTable } from './alarmTable/element.js';
import { defineVardeAlarmMap } from './alarmMap/element.js';
import { defineVardeSiteAlarmCards } from './siteAlarmCards/element.js';
import { defineVardeTagSearch } from './tagSearch/element.js';
import { defineMlExplorer } from './mlExplorer/element.js';
import { defineRuleEditor } from './ruleEditor/element.js';
import { defineVardeCloudFunctions } from './cloudFunctions/element.js';
import { defineVardeCloudApps } from './cloudApps/element.js';
import { defineVardeBimMapper } from './bimMapper/element.js';

export const widgetDefinitions = {
  'varde-session': defineVardeSession,
  'varde-licenses': defineVardeLicenses,
  'varde-create-user': defineVardeCreateUser,
  'varde-user-admin': defineVardeUserAdmin,
  'varde-user-detail': defineVardeUserDetail,
  'varde-account-settings': defineVardeAccountSettings,
  'varde-site-list': defineVardeSiteList,
  'varde-alarm-table': defineVardeAlarmTable,
  'varde-alarm-map': defineVardeAlarmMap,
  'varde-site-alarm-cards': defineVardeSiteAlarmCards,
  'varde-tag-search': defineVardeTagSearch,
  'varde-ml-explorer': defineMlExplorer,
  'varde-rule-editor': defineRuleEditor,
  'varde-cloud-functions': defineVardeCloudFunctions,
  'varde-cloud-apps': defineVardeCloudApps,
  'varde-bim-mapper': defineVardeBimMapper,
} as const;

export function defineAllWidgets(): void {
  for (const define of Object.values(widgetDefinitions)) define();
}
