import { sites as sitesTexts } from '@varde/core/texts/sites';
import { widgetStrings } from '../shared/widgetStrings.js';

/** Texts of <varde-site-list>; status tooltips, alarm summaries and the empty text come from core's `sites` namespace. */
export const siteListStrings = widgetStrings('siteListWidget', {
  en: {
    signedOut: 'Sign in to see your sites.',
    signInRequest: 'Sign in',
    listLabel: 'Sites',
    loadingMore: 'Loading more sites…',
    loadFailed: 'The sites could not be loaded: {{message}}',
    retry: 'Try again',
    cloudStatus: 'Cloud status',
    openSite: 'Open {{name}}',
  },
  no: {
    signedOut: 'Logg inn for å se anleggene dine.',
    signInRequest: 'Logg inn',
    listLabel: 'Anlegg',
    loadingMore: 'Laster flere anlegg…',
    loadFailed: 'Anleggene kunne ikke lastes: {{message}}',
    retry: 'Prøv igjen',
    cloudStatus: 'Skystatus',
    openSite: 'Åpne {{name}}',
  },
  se: {
    signedOut: 'Logga in för att se dina anläggningar.',
    signInRequest: 'Logga in',
    listLabel: 'Anläggningar',
    loadingMore: 'Laddar fler anläggningar…',
    loadFailed: 'Anläggningarna kunde inte laddas: {{message}}',
    retry: 'Försök igen',
    cloudStatus: 'Molnstatus',
    openSite: 'Öppna {{name}}',
  },
}, { sites: sitesTexts });
