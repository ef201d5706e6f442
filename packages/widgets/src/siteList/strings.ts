import { sites as sitesTexts } from '@varde/core/texts/sites';
import { widgetStrings } from '../shared/widgetStrings.js';

/** Texts of <varde-site-list>; status tooltips, alarm summaries and the empty text come from core's `sites` namespace. */
export const siteListStrings = widgetStrings('siteListWidget', {
  en: {
    signedOut: 'Sign in to see your sites.',
    signInRequest: 'Sign in',
    listLabel: 'Sites',
    loadingMore: 'Loading more sites…',
    missing: 'your site list',
    cloudStatus: 'Cloud status',
    openSite: 'Open {{name}}',
  },
  no: {
    signedOut: 'Logg inn for å se anleggene dine.',
    signInRequest: 'Logg inn',
    listLabel: 'Anlegg',
    loadingMore: 'Laster flere anlegg…',
    missing: 'anleggslisten din',
    cloudStatus: 'Skystatus',
    openSite: 'Åpne {{name}}',
  },
  se: {
    signedOut: 'Logga in för att se dina anläggningar.',
    signInRequest: 'Logga in',
    listLabel: 'Anläggningar',
    loadingMore: 'Laddar fler anläggningar…',
    missing: 'din anläggningslista',
    cloudStatus: 'Molnstatus',
    openSite: 'Öppna {{name}}',
  },
}, { sites: sitesTexts });
