import type { ModuleKey, Role } from '@varde/core/contract';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'demo1234';

/** A demo sign-in, as the start script prints it and tests use it. */
export interface DemoUser {
  email: string;
  password: string;
  role: Role;
  name: string;
  note: string;
  systemAdmin?: boolean;
  /** Set for the account with an SMS second factor: the code goes to this phone (see the outbox). */
  smsPhone?: string;
}

const ALL_MODULES: ModuleKey[] = [
  'alarms', 'sites', 'bim', 'functions', 'apps', 'appsmanager', 'mlexplorer', 'users', 'licensing',
  'notifications', 'search', 'api',
];

/** Module accesses per demo user (the seed turns them into a `{key: true}` map). */
export const DEMO_MODULES: Record<DemoUserKey, ModuleKey[]> = {
  systemAdmin: ALL_MODULES,
  admin: ALL_MODULES,
  powerUser: ['sites', 'alarms', 'bim', 'functions', 'apps', 'mlexplorer', 'notifications', 'search', 'users'],
  user: ['sites', 'alarms', 'search'],
  guest: ['sites'],
  viewer: ['sites', 'alarms'],
  sms: ['sites', 'alarms', 'notifications'],
  partnerAdmin: ['sites', 'alarms', 'users', 'licensing', 'functions', 'apps', 'search'],
  partnerUser: ['sites', 'alarms'],
};

export const demoUsers = {
  systemAdmin: {
    email: 'sysadmin@varde.test', password: DEMO_PASSWORD, role: 'Admin', name: 'Sigrid Systemadmin',
    note: 'system admin: sees every site and user', systemAdmin: true,
  },
  admin: {
    email: 'admin@varde.test', password: DEMO_PASSWORD, role: 'Admin', name: 'Anders Admin',
    note: 'partner Fjordvarme; administers the power user, user, guest, viewer and SMS user',
  },
  powerUser: {
    email: 'power@varde.test', password: DEMO_PASSWORD, role: 'PowerUser', name: 'Pål Poweruser',
    note: 'administers the guest and the viewer',
  },
  user: { email: 'user@varde.test', password: DEMO_PASSWORD, role: 'User', name: 'Ulla User', note: '10 sites' },
  guest: { email: 'guest@varde.test', password: DEMO_PASSWORD, role: 'Guest', name: 'Gunnar Gjest', note: '5 sites' },
  viewer: {
    email: 'viewer@varde.test', password: DEMO_PASSWORD, role: 'Viewer', name: 'Vera Viewer',
    note: '3 sites; portalAutoLogoutDisabled set',
  },
  sms: {
    email: 'sms@varde.test', password: DEMO_PASSWORD, role: 'User', name: 'Siri Sms',
    note: 'SMS second factor: read the code in the outbox', smsPhone: '+4791234567',
  },
  partnerAdmin: {
    email: 'admin@nordbygg.test', password: DEMO_PASSWORD, role: 'Admin', name: 'Nora Nordbygg',
    note: 'partner Nordbygg: its own sites and user',
  },
  partnerUser: {
    email: 'drift@nordbygg.test', password: DEMO_PASSWORD, role: 'User', name: 'Dag Drift',
    note: 'Nordbygg operator',
  },
} as const satisfies Record<string, DemoUser>;

export type DemoUserKey = keyof typeof demoUsers;

/** In the order the start script prints them. */
export const demoUserList: readonly DemoUser[] = Object.values(demoUsers);
