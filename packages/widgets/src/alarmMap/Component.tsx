/**
 * AlarmMapWidget (<varde-alarm-map>): the sites with active alarms on a map centred on Norway
 * (zoom 5), one marker per site coloured by its most severe class (A red, B orange, others
 * yellow), clustered when they crowd (the cluster shows the unacknowledged count), with a popup
 * (site link, latest tag, counts) and a link back to the list. The basemap is shipped outlines
 * (offline) under optional tiles. Leaflet is loaded on first render (import()); its CSS is inside.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type * as Leaflet from 'leaflet';
import {
  ALARM_MARKER_COLORS,
  NORWAY_MAP_VIEW,
  isMobileWidth,
  createSiteAlarmMarkersSelector,
  siteLoginLink,
  siteOpenLink,
  siteOpenTarget,
  type AlarmsState,
} from '@varde/core';
import { emitVardeEvent, useVardeEvents } from '../shared/events.js';
import { useSharedSession } from '../shared/useSharedSession.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import type { NavigateDetail } from '../alarmTable/events.js';
import { NavLink } from '../alarmTable/NavLink.js';
import { useSiteFeed } from '../alarmTable/useSiteFeed.js';
import { useFeedState } from '../alarmTable/FeedState.js';
import { widgetStateStyles } from '../shared/widgetStateStyles.js';
import { useStoreState } from '../shared/useStoreState.js';
import { Icon } from '../siteList/icons.js';
import { loadLeaflet, type LeafletModule } from './loadLeaflet.js';
import { alarmMarkerLayer, createClusterGroup, type PopupExtra, type SiteLink } from './markerLayers.js';
import { popupActions } from './popupActions.js';
import { useAlarmActions } from '../alarmTable/useAlarmActions.js';
import { outlinesLayer } from './outlines.js';
import { useTileServer } from './useTileServer.js';
import { alarmMapStrings } from './strings.js';
import { alarmMapStyles } from './styles.js';

import { OSM_ATTRIBUTION, OSM_TILE_URL } from './tileServer.js';
export { OSM_TILE_URL };

export interface AlarmMapWidgetProps {
  /** Where "Back to the alarm list" goes (none without it). */
  listHref?: string | undefined;
  /** Tile URL template (`{z}/{x}/{y}`); `none` for the shipped outlines only. Default: OpenStreetMap; on the reference cloud its `--map-tiles`. */
  tileUrl?: string | undefined;
  /** Attribution for `tileUrl`, as plain text. */
  tileAttribution?: string | undefined;
  /** Inside the mobile app: sites open in the same window. */
  mobileApp?: boolean | undefined;
  /**
   * A page of the host for one site (`{uuid}` replaced), e.g. the portal's `/sites/{uuid}`: a popup's
   * site name links there (same window, `varde-navigate` first). Without it an online site's name opens
   * its controller login.
   */
  siteHref?: string | undefined;
  onNavigate?: ((detail: NavigateDetail) => boolean | void) | undefined;
}

const rowsOf = (state: AlarmsState) => state.rowsBySite;

export function AlarmMapWidget(props: AlarmMapWidgetProps) {
  const { t, language } = useWidgetTranslation(alarmMapStrings);
  const { rootRef } = useVardeEvents();
  const session = useSharedSession();
  const { feed, state: feedState } = useSiteFeed({ alarms: true });
  const rowsBySite = useStoreState(feed?.alarms ?? null, rowsOf, {});
  const polled = Object.keys(rowsBySite).length > 0;
  const markersOf = useMemo(() => createSiteAlarmMarkersSelector(), []);
  const computed = useMemo(() => markersOf(feedState.sites, rowsBySite), [markersOf, feedState.sites, rowsBySite]);
  // Every poll brings new arrays; the layers (and an open popup) are rebuilt only when what they show changed.
  const markersKey = computed.map((m) => `${m.siteUuid}:${m.alarmGroup}:${m.count}:${m.unacknowledged}:${m.latestTag}:${m.latestTime}`).join('|');
  const markers = useMemo(() => computed, [markersKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // Worked out when the site list changes, not on every alarm update (10,000 sites make a long key).
  const sitesKey = useMemo(() => feedState.sites.map((site) => `${site.uuid}:${site.webpmpReady}`).join('|'), [feedState.sites]);
  const sites = useMemo(() => feedState.sites, [sitesKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // The popup's acknowledge and shelve (read through a ref: a popup made earlier calls the latest).
  const actions = useAlarmActions(feed);
  const actionsRef = useRef(actions);
  actionsRef.current = actions;

  // The feed's state over the map (which stays: its basemap is useful while the alarms load or fail).
  const { notice, stale } = useFeedState({
    feed,
    state: feedState,
    polled,
    empty: markers.length === 0,
    emptyText: t('noMarkers'),
    signedOutText: t('signedOut'),
    rootRef,
  });

  const canvasRef = useRef<HTMLDivElement | null>(null);
  const [leaflet, setLeaflet] = useState<{ L: LeafletModule; map: Leaflet.Map; clusters: Leaflet.MarkerClusterGroup } | null>(null);
  const [failed, setFailed] = useState(false);

  const tileServer = useTileServer(props.tileUrl, props.tileAttribution, session?.settings ?? null);
  const tiles = tileServer?.url ?? null;
  const tileAttribution = tileServer?.attribution ?? '';

  // Map: created once Leaflet has loaded, removed on unmount.
  useEffect(() => {
    let cancelled = false;
    let created: Leaflet.Map | null = null;
    let resize: ResizeObserver | null = null;
    loadLeaflet().then(
      (L) => {
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        // No fade: a popup reopened after a rebuild replaces the old one at once (a fading old one beside
        // the new would show two popups for a moment).
        created = L.map(canvas, { center: NORWAY_MAP_VIEW.center, zoom: NORWAY_MAP_VIEW.zoom, maxZoom: 18, attributionControl: true, zoomControl: false, fadeAnimation: false });
        // Leaflet's zoom buttons say "Zoom in" in every language unless told otherwise.
        L.control.zoom({ zoomInTitle: t('zoomIn'), zoomOutTitle: t('zoomOut') }).addTo(created);
        const clusters = createClusterGroup(L, canvas.ownerDocument, (sites, unacknowledged) => t('clusterLabel', { sites, unacknowledged }));
        clusters.addTo(created);
        if (typeof ResizeObserver === 'function') {
          const map = created;
          resize = new ResizeObserver(() => map.invalidateSize());
          resize.observe(canvas);
        }
        setLeaflet({ L, map: created, clusters });
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      resize?.disconnect();
      created?.remove();
      setLeaflet(null);
    };
  }, []);

  // The shipped outlines, always (offline they are the map; under tiles they show until tiles load).
  const [outlined, setOutlined] = useState(false);
  useEffect(() => {
    if (!leaflet) return;
    let layer: Leaflet.LayerGroup | null = null;
    let cancelled = false;
    void outlinesLayer(leaflet.L, leaflet.map).then((loaded) => {
      if (cancelled) return;
      layer = loaded.addTo(leaflet.map);
      setOutlined(true);
    }, () => undefined);
    return () => {
      cancelled = true;
      layer?.remove();
    };
  }, [leaflet]);

  // Tiles on top when a tile server is set (the attribution is text: escaped, never markup).
  useEffect(() => {
    if (!leaflet || !tiles) return;
    const escaped = tileAttribution.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const layer = leaflet.L.tileLayer(tiles, { attribution: tiles === OSM_TILE_URL && !tileAttribution ? OSM_ATTRIBUTION : escaped, maxZoom: 18 });
    layer.addTo(leaflet.map);
    return () => void layer.remove();
  }, [leaflet, tiles, tileAttribution]);

  // The site whose popup is open: a rebuild (an acknowledgement made in it, a poll) opens it again.
  const openPopupSite = useRef<string | null>(null);
  // Markers: rebuilt when the set changes (one per site with active alarms).
  const mobile = typeof window !== 'undefined' && isMobileWidth(window.innerWidth);
  const target = siteOpenTarget(props.mobileApp ?? false);
  useEffect(() => {
    if (!leaflet || !canvasRef.current) return;
    const doc = canvasRef.current.ownerDocument;
    const loginServerUrl = session?.settings.loginServerUrl ?? '';
    const byUuid = new Map(sites.map((site) => [site.uuid, site]));
    const texts = {
      latestTag: (tag: string) => t('latestTag', { tag }),
      activeCount: (count: number) => t('activeCount', { count }),
      unacknowledgedCount: (count: number) => t('unacknowledgedCount', { count }),
    };
    const actionTexts = {
      acknowledge: t('acknowledge'),
      acknowledgeAll: (count: number) => t('acknowledgeAll', { count }),
      shelve: t('shelveHour'),
      failed: (message: string) => t('actionFailed', { message }),
    };
    const outcome = (ok: boolean) => (ok ? null : actionsRef.current.lastError() ?? '');
    // The site's rows as they are when the popup opens.
    const extra: PopupExtra = (popupDoc, marker) =>
      popupActions(popupDoc, feed?.alarms.getState().rowsBySite[marker.siteUuid] ?? [], actionTexts, {
        acknowledge: async (ids) => outcome(await actionsRef.current.acknowledge(ids, '')),
        shelve: async (id, minutes) => outcome(await actionsRef.current.shelve(id, minutes, '')),
      });
    const siteHref = props.siteHref;
    const onNavigate = props.onNavigate;
    const openSitePage = (href: string, event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const detail = { href };
      const allowed = emitVardeEvent(rootRef.current, 'varde-navigate', detail, { cancelable: true });
      if (!allowed || onNavigate?.(detail) === false) event.preventDefault();
    };
    const layers = markers.map((marker) => {
      const site = byUuid.get(marker.siteUuid);
      const link: SiteLink | null = siteHref
        ? { href: siteHref.replace('{uuid}', encodeURIComponent(marker.siteUuid)), target: '_self', onOpen: openSitePage }
        : site?.webpmpReady === true
          ? { href: session ? siteOpenLink(site, session.settings, { mobile }) : siteLoginLink(site, { loginServerUrl, mobile }), target }
          : null;
      const layer = alarmMarkerLayer(leaflet.L, doc, marker, link, texts, extra);
      layer.on('popupopen', () => (openPopupSite.current = marker.siteUuid));
      layer.on('popupclose', () => (openPopupSite.current = openPopupSite.current === marker.siteUuid ? null : openPopupSite.current));
      return [marker.siteUuid, layer] as const;
    });
    const reopen = openPopupSite.current;
    leaflet.clusters.clearLayers();
    leaflet.clusters.addLayers(layers.map(([, layer]) => layer));
    // The operator keeps reading the popup they had open, now with the new rows (unless its marker
    // went: no alarms left, or into a cluster).
    const again = layers.find(([siteUuid]) => siteUuid === reopen)?.[1];
    if (again && leaflet.clusters.getVisibleParent(again) === again) again.openPopup();
  }, [leaflet, markers, sites, session, mobile, target, t, props.siteHref, props.onNavigate, rootRef, feed]);

  return (
    <WidgetRoot styles={`${alarmMapStyles}\n${widgetStateStyles}`} className="varde-alarm-map" rootRef={rootRef} lang={language}>
      <div className="varde-alarm-map__bar" part="bar">
        {props.listHref ? (
          <NavLink href={props.listHref} rootRef={rootRef} onNavigate={props.onNavigate} className="varde-alarm-map__link" part="list-link">
            <Icon name="list" />
            {t('backToList')}
          </NavLink>
        ) : null}
        <span data-testid="marker-count" data-count={markers.length}>{t('markerCount', { count: markers.length })}</span>
        <span className="varde-alarm-map__legend" part="legend">
          <span>{t('legend')}:</span>
          <span><span className="varde-alarm-map__swatch" style={{ background: ALARM_MARKER_COLORS.A }} />A</span>
          <span><span className="varde-alarm-map__swatch" style={{ background: ALARM_MARKER_COLORS.B }} />B</span>
          <span><span className="varde-alarm-map__swatch" style={{ background: ALARM_MARKER_COLORS.other }} />{t('classC')}</span>
        </span>
      </div>
      {failed ? (
        <p className="varde-alarm-map__error" role="alert">
          {t('mapFailed')}
        </p>
      ) : null}
      {stale}
      {notice}
      <div
        className="varde-alarm-map__canvas"
        ref={canvasRef}
        part="map"
        role="region"
        aria-label={t('mapLabel')}
        aria-busy={leaflet ? undefined : true}
        data-outlines={outlined ? '' : undefined}
      />
      {tileServer && !tiles ? <p className="varde-alarm-map__note" part="note">{t('noTiles')}</p> : null}
    </WidgetRoot>
  );
}
