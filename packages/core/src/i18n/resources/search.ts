/** Cross-site and tag search (core-shell §2, §8; admin §8). */
export const search = {
  en: {
    placeholder: 'Search in all sites',
    noResults: 'Your search for "{{user_content}}" found no results.',
  },
  no: {
    placeholder: 'Søk i alle anlegg',
    noResults: 'Søket ditt etter «{{user_content}}» ga ingen treff.',
  },
  se: {
    placeholder: 'Sök i alla anläggningar',
    noResults: 'Din sökning efter ”{{user_content}}” gav inga resultat.',
  },
};
