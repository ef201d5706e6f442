import { sitesTexts } from '@varde/core';
import { widgetStrings } from '../shared/widgetStrings.js';

/** Texts of <varde-site-list>; status tooltips, alarm summaries and the empty text come from core's `sites` namespace. */
export const siteListStrings = widgetStrings('siteListWidget', {
  en: {
    listLabel: 'Sites',
    loadingMore: 'Loading more sites…',
    loadFailed: 'The sites could not be loaded: {{message}}',
    retry: 'Try again',
    cloudStatus: 'Cloud status',
    openSite: 'Open {{name}}',
  },
  no: {
    listLabel: 'Anlegg',
    loadingMore: 'Laster flere anlegg…',
    loadFailed: 'Anleggene kunne ikke lastes: {{message}}',
    retry: 'Prøv igjen',
    cloudStatus: 'Skystatus',
    openSite: 'Åpne {{name}}',
  },
  se: {
    listLabel: 'Anläggningar',
    loadingMore: 'Laddar fler anläggningar…',
    loadFailed: 'Anläggningarna kunde inte laddas: {{message}}',
    retry: 'Försök igen',
    cloudStatus: 'Molnstatus',
    openSite: 'Öppna {{name}}',
  },
}, { sites: sitesTexts });
