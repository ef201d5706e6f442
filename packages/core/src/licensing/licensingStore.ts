import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  licenseType as licenseTypeSchema,
  licensingPaths,
  storedLicense as storedLicenseSchema,
  type LicenseType,
  type LicensingPartner,
  type StoredLicense,
} from '../contract/licensing.js';
import type { HttpClient } from '../http/createHttpClient.js';
import type { Realtime } from '../realtime/createRealtime.js';
import { getLicense, listLicenses, listLicenseTypes, listLicensingPartners } from './licensingClient.js';

/**
 * What the licences widget shows: the acting user's partners, and per partner its licence types and
 * licences (active and archived). With a realtime connection the partner's licensing data is
 * subscribed (/{partner}/licensing/...: changes by anyone show at once); without one (host pages
 * that only push tokens, tests) it is read over REST and re-read after each change.
 */
export interface PartnerLicensing {
  types: LicenseType[];
  active: StoredLicense[];
  archive: StoredLicense[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
}

export interface LicensingState {
  partners: LicensingPartner[];
  partnersStatus: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  byPartner: Record<string, PartnerLicensing>;
  loadPartners(): Promise<void>;
  /** Keeps a partner's data current while watched (reference-counted); returns the unwatch function. */
  watchPartner(partner: string): () => void;
  /** Re-reads a partner over REST (after a change, when there is no realtime connection). */
  refresh(partner: string): Promise<void>;
  /** The stored licence file (realtime storedLicenses/jwt/{id}, else REST). */
  licenseFile(partner: string, id: string): Promise<string>;
}

export interface LicensingStoreOptions {
  http: () => HttpClient | null;
  realtime: () => Realtime | null;
}

const EMPTY: PartnerLicensing = { types: [], active: [], archive: [], status: 'loading', error: null };

/** Parses each child of a firebase map; entries that do not parse are left out. */
function children<T>(value: unknown, parse: (key: string, child: unknown) => T | null): T[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) => parse(key, child))
    .filter((item): item is T => item !== null);
}

const parseLicense = (_key: string, value: unknown) => storedLicenseSchema.safeParse(value).data ?? null;
const parseType = (key: string, value: unknown) =>
  licenseTypeSchema.safeParse(value && typeof value === 'object' ? { id: key, ...value } : value).data ?? null;
const byIssueDate = (a: StoredLicense, b: StoredLicense) =>
  b.licenseInfo.issueDate.localeCompare(a.licenseInfo.issueDate) || a.licenseInfo.name.localeCompare(b.licenseInfo.name);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createLicensingStore(options: LicensingStoreOptions): StoreApi<LicensingState> {
  const watchers = new Map<string, { count: number; stop: () => void }>();

  return createStore<LicensingState>((set, get) => {
    const patch = (partner: string, change: Partial<PartnerLicensing>) =>
      set((state) => ({ byPartner: { ...state.byPartner, [partner]: { ...(state.byPartner[partner] ?? EMPTY), ...change } } }));

    function subscribe(realtime: Realtime, partner: string): () => void {
      const onError = (error: Error) => patch(partner, { status: 'error', error: error.message });
      const stops = [
        realtime.subscribe(licensingPaths.types(partner), (value) => patch(partner, { types: children(value, parseType) }), { onError }),
        realtime.subscribe(licensingPaths.archive(partner), (value) => patch(partner, { archive: children(value, parseLicense).sort(byIssueDate) }), { onError }),
        realtime.subscribe(licensingPaths.active(partner), (value) => patch(partner, { active: children(value, parseLicense).sort(byIssueDate), status: 'ready', error: null }), { onError }),
      ];
      return () => stops.forEach((stop) => stop());
    }

    return {
      partners: [],
      partnersStatus: 'idle',
      error: null,
      byPartner: {},

      async loadPartners() {
        const http = options.http();
        if (!http) return;
        set({ partnersStatus: 'loading', error: null });
        try {
          set({ partners: await listLicensingPartners(http), partnersStatus: 'ready' });
        } catch (error) {
          set({ partnersStatus: 'error', error: messageOf(error) });
        }
      },

      watchPartner(partner) {
        const existing = watchers.get(partner);
        if (existing) existing.count += 1;
        else {
          const realtime = options.realtime();
          if (!get().byPartner[partner]) patch(partner, EMPTY);
          const stop = realtime ? subscribe(realtime, partner) : () => undefined;
          if (!realtime) void get().refresh(partner);
          watchers.set(partner, { count: 1, stop });
        }
        return () => {
          const watcher = watchers.get(partner);
          if (!watcher) return;
          watcher.count -= 1;
          if (watcher.count === 0) {
            watcher.stop();
            watchers.delete(partner);
          }
        };
      },

      async refresh(partner) {
        const http = options.http();
        if (!http || options.realtime()) return; // subscribed data is current already
        try {
          const [types, active, archive] = await Promise.all([
            listLicenseTypes(http, partner),
            listLicenses(http, partner),
            listLicenses(http, partner, { archived: true }),
          ]);
          patch(partner, { types, active, archive, status: 'ready', error: null });
        } catch (error) {
          patch(partner, { status: 'error', error: messageOf(error) });
        }
      },

      async licenseFile(partner, id) {
        const realtime = options.realtime();
        if (realtime) {
          const file = await realtime.get<string>(licensingPaths.storedJwt(partner, id));
          if (typeof file === 'string') return file;
        }
        const http = options.http();
        if (!http) throw new Error('Not signed in');
        return (await getLicense(http, partner, id)).file;
      },
    };
  });
}
