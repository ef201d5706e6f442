import { createElement, lazy, type ComponentType } from 'react';
import type { RouteProps } from './routeProps.js';
import { LoginCallbackPage } from '../pages/login/LoginCallbackPage.js';
import { LoginRedirectPage } from '../pages/login/LoginRedirectPage.js';
import { LogoutPage } from '../pages/login/LogoutPage.js';
import { SilentCallbackPage } from '../pages/login/SilentCallbackPage.js';
import { SitesPage } from '../pages/sites/SitesPage.js';
import { LandingPage } from '../pages/LandingPage.js';

/**
 * Every page but the first one most users see (sites) and the sign-in steps is its own chunk, loaded
 * when its route is first opened: the portal's first paint carries only the shell and /sites.
 * `preload()` starts that load early (the route view calls it while the session starts); a page
 * already loaded renders at once, without a Suspense fallback (React holds a revealed fallback for
 * 300 ms, which an operator opening /alarms would wait for).
 */
export type LazyPage = ComponentType<RouteProps> & { preload(): Promise<unknown> };

function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType<RouteProps>>>, name: Name): LazyPage {
  let loaded: ComponentType<RouteProps> | null = null;
  let loading: Promise<ComponentType<RouteProps>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        loading = null; // a failed chunk load is tried again on the next visit
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  const Page = (props: RouteProps) => createElement(loaded ?? Suspending, props);
  return Object.assign(Page, { preload });
}

const SitePage = lazyPage(() => import('../pages/site/SitePage.js'), 'SitePage');
const AccountSettingsPage = lazyPage(() => import('../pages/accountSettings/AccountSettingsPage.js'), 'AccountSettingsPage');
const BimPage = lazyPage(() => import('../pages/bim/BimPage.js'), 'BimPage');
const CloudFunctionsPage = lazyPage(() => import('../pages/cloudFunctions/CloudFunctionsPage.js'), 'CloudFunctionsPage');
const CloudAppsPage = lazyPage(() => import('../pages/cloudApps/CloudAppsPage.js'), 'CloudAppsPage');
const MlExplorerPage = lazyPage(() => import('../pages/mlExplorer/MlExplorerPage.js'), 'MlExplorerPage');
const AdministratePage = lazyPage(() => import('../pages/administrate/AdministratePage.js'), 'AdministratePage');
const ServiceAccountsPage = lazyPage(() => import('../pages/serviceAccounts/ServiceAccountsPage.js'), 'ServiceAccountsPage');
const ServiceAccountTokensPage = lazyPage(() => import('../pages/serviceAccounts/ServiceAccountTokensPage.js'), 'ServiceAccountTokensPage');
const DirectorySyncPage = lazyPage(() => import('../pages/directorySync/DirectorySyncPage.js'), 'DirectorySyncPage');
const AuditLogPage = lazyPage(() => import('../pages/auditLog/AuditLogPage.js'), 'AuditLogPage');
const UserDetailPage = lazyPage(() => import('../pages/administrate/UserDetailPage.js'), 'UserDetailPage');
const AlarmsPage = lazyPage(() => import('../pages/alarms/AlarmsPage.js'), 'AlarmsPage');
const AlarmMapPage = lazyPage(() => import('../pages/alarms/AlarmMapPage.js'), 'AlarmMapPage');
const LicensesPage = lazyPage(() => import('../pages/licenses/LicensesPage.js'), 'LicensesPage');
const OnCallPage = lazyPage(() => import('../pages/onCall/OnCallPage.js'), 'OnCallPage');
const NotificationsPage = lazyPage(() => import('../pages/notifications/NotificationsPage.js'), 'NotificationsPage');
const SearchPage = lazyPage(() => import('../pages/searchpage/SearchPage.js'), 'SearchPage');
const ControllerUserAdminPage = lazyPage(() => import('../pages/controllerUserAdmin/ControllerUserAdminPage.js'), 'ControllerUserAdminPage');
const ResetPasswordPage = lazyPage(() => import('../pages/resetPassword/ResetPasswordPage.js'), 'ResetPasswordPage');
const WebpmErrorPage = lazyPage(() => import('../pages/webpmError/WebpmErrorPage.js'), 'WebpmErrorPage');
const DashboardsPage = lazyPage(() => import('../pages/dashboards/DashboardsPage.js'), 'DashboardsPage');
const AltLayoutPage = lazyPage(() => import('../pages/altLayout/AltLayoutPage.js'), 'AltLayoutPage');
const ControllerFrameIndexPage = lazyPage(() => import('../pages/controllerFrame/ControllersFramePage.js'), 'ControllerFrameIndexPage');
const ControllersFramePage = lazyPage(() => import('../pages/controllerFrame/ControllersFramePage.js'), 'ControllersFramePage');
const CustomerLoginPage = lazyPage(() => import('../pages/customerLogin/CustomerLoginPage.js'), 'CustomerLoginPage');
const LeroyLoginPage = lazyPage(() => import('../pages/leroyLogin/LeroyLoginPage.js'), 'LeroyLoginPage');

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
  // Before /administrate/:id, which would take `service-accounts` for a user's id.
  { path: '/administrate/service-accounts', component: ServiceAccountsPage, needsLogin: true, layout: 'shell' },
  { path: '/administrate/service-accounts/:id', component: ServiceAccountTokensPage, needsLogin: true, layout: 'shell' },
  { path: '/administrate/directory-sync', component: DirectorySyncPage, needsLogin: true, layout: 'shell' },
  { path: '/administrate/audit-log', component: AuditLogPage, needsLogin: true, layout: 'shell' },
  { path: '/administrate/:id', component: UserDetailPage, needsLogin: true, layout: 'shell' },
  { path: '/administrate/:id/:section', component: UserDetailPage, needsLogin: true, layout: 'shell' },
  { path: '/alarms', component: AlarmsPage, needsLogin: true, layout: 'shell' },
  { path: '/alarms/map', component: AlarmMapPage, needsLogin: true, layout: 'shell' },
  { path: '/oncall', component: OnCallPage, needsLogin: true, layout: 'shell' },
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
