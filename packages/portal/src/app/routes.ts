import type { ComponentType } from 'react';
import type { RouteProps } from './routeProps.js';
import { LoginCallbackPage } from '../pages/login/LoginCallbackPage.js';
import { LoginRedirectPage } from '../pages/login/LoginRedirectPage.js';
import { LogoutPage } from '../pages/login/LogoutPage.js';
import { SilentCallbackPage } from '../pages/login/SilentCallbackPage.js';
import { SitesPage } from '../pages/sites/SitesPage.js';
import { SitePage } from '../pages/site/SitePage.js';
import { LandingPage } from '../pages/LandingPage.js';
import { AccountSettingsPage } from '../pages/accountSettings/AccountSettingsPage.js';
import { BimPage } from '../pages/bim/BimPage.js';
import { CloudFunctionsPage } from '../pages/cloudFunctions/CloudFunctionsPage.js';
import { CloudAppsPage } from '../pages/cloudApps/CloudAppsPage.js';
import { MlExplorerPage } from '../pages/mlExplorer/MlExplorerPage.js';
import { AdministratePage } from '../pages/administrate/AdministratePage.js';
import { UserDetailPage } from '../pages/administrate/UserDetailPage.js';
import { AlarmsPage } from '../pages/alarms/AlarmsPage.js';
import { AlarmMapPage } from '../pages/alarms/AlarmMapPage.js';
import { LicensesPage } from '../pages/licenses/LicensesPage.js';
import { NotificationsPage } from '../pages/notifications/NotificationsPage.js';
import { SearchPage } from '../pages/searchpage/SearchPage.js';
import { ControllerUserAdminPage } from '../pages/controllerUserAdmin/ControllerUserAdminPage.js';
import { ResetPasswordPage } from '../pages/resetPassword/ResetPasswordPage.js';
import { WebpmErrorPage } from '../pages/webpmError/WebpmErrorPage.js';
import { DashboardsPage } from '../pages/dashboards/DashboardsPage.js';
import { AltLayoutPage } from '../pages/altLayout/AltLayoutPage.js';
import { ControllerFrameIndexPage, ControllersFramePage } from '../pages/controllerFrame/ControllersFramePage.js';
import { CustomerLoginPage } from '../pages/customerLogin/CustomerLoginPage.js';
import { LeroyLoginPage } from '../pages/leroyLogin/LeroyLoginPage.js';

export interface PortalRoute {
  /** App path (without a brand's base); `:name` matches one segment; a trailing slash is ignored. */
  path: string;
  component: ComponentType<RouteProps>;
  /** No backend session or no stored user data -> /login?redirect=<here>. */
  needsLogin: boolean;
  /** The spec's named routes that skip the initial data load (no silent sign-in at startup). */
  skipsInitialLoad?: boolean;
  /** 'shell': inside the main app wrapper (header, side menu); 'bare': the page owns the whole window. */
  layout: 'shell' | 'bare';
}

/**
 * Every route of the portal (core-shell §2, admin-modules §2), first match wins. Add a page with one
 * line here, and its modules in pageAccess.ts. `/` (and any unknown path) is the user's landing page.
 */
export const routes: readonly PortalRoute[] = [
  // Sign-in and session (route names Login, Login Callback, Logout skip the initial load).
  { path: '/login', component: LoginRedirectPage, needsLogin: false, skipsInitialLoad: true, layout: 'bare' },
  { path: '/login/callback', component: LoginCallbackPage, needsLogin: false, skipsInitialLoad: true, layout: 'bare' },
  { path: '/login/silent-callback', component: SilentCallbackPage, needsLogin: false, skipsInitialLoad: true, layout: 'bare' },
  { path: '/logout', component: LogoutPage, needsLogin: false, skipsInitialLoad: true, layout: 'bare' },

  // Under the main app wrapper.
  { path: '/', component: LandingPage, needsLogin: true, layout: 'shell' },
  { path: '/sites', component: SitesPage, needsLogin: true, layout: 'shell' },
  { path: '/sites/:uuid', component: SitePage, needsLogin: true, layout: 'shell' },
  { path: '/account-settings', component: AccountSettingsPage, needsLogin: true, layout: 'shell' },
  { path: '/bim', component: BimPage, needsLogin: true, layout: 'shell' },
  { path: '/cloud-functions', component: CloudFunctionsPage, needsLogin: true, layout: 'shell' },
  { path: '/cloud-apps', component: CloudAppsPage, needsLogin: true, layout: 'shell' },
  { path: '/ml-explorer', component: MlExplorerPage, needsLogin: true, layout: 'shell' },
  { path: '/administrate', component: AdministratePage, needsLogin: true, layout: 'shell' },
  { path: '/administrate/:id', component: UserDetailPage, needsLogin: true, layout: 'shell' },
  { path: '/administrate/:id/:section', component: UserDetailPage, needsLogin: true, layout: 'shell' },
  { path: '/alarms', component: AlarmsPage, needsLogin: true, layout: 'shell' },
  { path: '/alarms/map', component: AlarmMapPage, needsLogin: true, layout: 'shell' },
  { path: '/licenses', component: LicensesPage, needsLogin: true, layout: 'shell' },
  { path: '/notifications', component: NotificationsPage, needsLogin: true, layout: 'shell' },
  { path: '/searchpage', component: SearchPage, needsLogin: true, layout: 'shell' },

  // Embeddable in a controller frame.
  { path: '/controllerUserAdmin', component: ControllerUserAdminPage, needsLogin: true, layout: 'bare' },
  { path: '/controllerframe/createuser', component: ControllerUserAdminPage, needsLogin: true, layout: 'bare' },

  // Sign-in variants, the error page and the controller frames.
  { path: '/customer-login', component: CustomerLoginPage, needsLogin: false, skipsInitialLoad: true, layout: 'bare' },
  { path: '/leroy-login', component: LeroyLoginPage, needsLogin: false, skipsInitialLoad: true, layout: 'bare' },
  { path: '/reset-password', component: ResetPasswordPage, needsLogin: false, skipsInitialLoad: true, layout: 'bare' },
  { path: '/webpmperror', component: WebpmErrorPage, needsLogin: true, layout: 'shell' },
  { path: '/webpmerror', component: WebpmErrorPage, needsLogin: true, layout: 'shell' },
  { path: '/dashboards', component: DashboardsPage, needsLogin: true, layout: 'shell' },
  { path: '/altlayout', component: AltLayoutPage, needsLogin: true, layout: 'bare' },
  { path: '/controllerframe', component: ControllerFrameIndexPage, needsLogin: false, layout: 'bare' },
  { path: '/controllerframe/controllersframe', component: ControllersFramePage, needsLogin: false, layout: 'bare' },
];
