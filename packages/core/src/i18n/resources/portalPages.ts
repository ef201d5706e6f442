/**
 * The portal's own pages around sign-in and controller frames: the customer-flavor login page, the
 * customer-specific login, /dashboards, /altlayout, /controllerframe and /webpmperror (core-shell §2).
 * The form and error texts themselves come from `login`, `resetPassword`, `errorPage` and `sites`.
 */
export const portalPages = {
  en: {
    customerLogin: {
      welcome: 'Welcome to Varde',
      tagline: 'Your buildings, water and energy — in one place.',
      pitch:
        'Varde connects the controllers in your buildings and plants to the cloud. See every site with its status and alarms, get notified when something needs attention, and let the team work from anywhere.',
      pointSites: 'Every site with live status and alarms',
      pointAlarms: 'Alarm notifications by e-mail and SMS',
      pointAccess: 'Access for each user, site by site',
      pictureBuilding: 'Illustration: a building connected to the cloud',
      pictureDashboard: 'Illustration: a dashboard with a trend curve and alarms',
      footerLabel: 'Contact',
      phone: 'Phone',
      email: 'E-mail',
      website: 'Website',
      social: 'Follow us',
    },
    leroyLogin: {
      opening: 'Opening {{site}}…',
      siteNotOnline: '{{site}} is not online right now. Try again later.',
      siteNotAvailable: 'The site for this sign-in is not available to your user.',
      onlyOnCloudDomain: 'This sign-in is only available on {{domain}}.',
      openAgain: 'Open the site',
    },
    dashboards: {
      site: 'Site',
      connecting: 'Connecting to the site…',
      noSites: 'You have no sites with dashboards.',
      frameTitle: 'Dashboards for {{site}}',
      timedOut: 'The site did not answer in time.',
      retry: 'Try again',
    },
    altLayout: {
      navigation: 'Navigation',
      openMenu: 'Open menu',
      closeMenu: 'Close menu',
      licenseAdministration: 'License Administration',
      showMore: 'Show more',
    },
    controllerFrame: {
      signInToContinue: 'Log in to continue',
    },
    errorPage: {
      code: 'Error code',
      unknownSite: 'Unknown site',
      backToSites: 'Back to sites',
    },
  },
  no: {
    customerLogin: {
      welcome: 'Velkommen til Varde',
      tagline: 'Bygg, vann og energi — samlet på ett sted.',
      pitch:
        'Varde kobler styringssystemene i byggene og anleggene dine til skyen. Se alle anlegg med status og alarmer, bli varslet når noe trenger oppmerksomhet, og la teamet jobbe hvor som helst.',
      pointSites: 'Alle anlegg med status og alarmer i sanntid',
      pointAlarms: 'Alarmvarsling på e-post og SMS',
      pointAccess: 'Tilgang for hver bruker, anlegg for anlegg',
      pictureBuilding: 'Illustrasjon: et bygg koblet til skyen',
      pictureDashboard: 'Illustrasjon: et dashbord med trendkurve og alarmer',
      footerLabel: 'Kontakt',
      phone: 'Telefon',
      email: 'E-post',
      website: 'Nettsted',
      social: 'Følg oss',
    },
    leroyLogin: {
      opening: 'Åpner {{site}}…',
      siteNotOnline: '{{site}} er ikke tilkoblet akkurat nå. Prøv igjen senere.',
      siteNotAvailable: 'Anlegget for denne innloggingen er ikke tilgjengelig for brukeren din.',
      onlyOnCloudDomain: 'Denne innloggingen er bare tilgjengelig på {{domain}}.',
      openAgain: 'Åpne anlegget',
    },
    dashboards: {
      site: 'Anlegg',
      connecting: 'Kobler til anlegget…',
      noSites: 'Du har ingen anlegg med dashbord.',
      frameTitle: 'Dashbord for {{site}}',
      timedOut: 'Anlegget svarte ikke i tide.',
      retry: 'Prøv igjen',
    },
    altLayout: {
      navigation: 'Navigasjon',
      openMenu: 'Åpne meny',
      closeMenu: 'Lukk meny',
      licenseAdministration: 'Lisensadministrasjon',
      showMore: 'Vis flere',
    },
    controllerFrame: {
      signInToContinue: 'Logg inn for å fortsette',
    },
    errorPage: {
      code: 'Feilkode',
      unknownSite: 'Ukjent anlegg',
      backToSites: 'Tilbake til anlegg',
    },
  },
  se: {
    customerLogin: {
      welcome: 'Välkommen till Varde',
      tagline: 'Byggnader, vatten och energi — samlat på ett ställe.',
      pitch:
        'Varde kopplar styrsystemen i dina byggnader och anläggningar till molnet. Se alla anläggningar med status och larm, få besked när något behöver åtgärdas och låt teamet arbeta var som helst.',
      pointSites: 'Alla anläggningar med status och larm i realtid',
      pointAlarms: 'Larmaviseringar via e-post och SMS',
      pointAccess: 'Åtkomst för varje användare, anläggning för anläggning',
      pictureBuilding: 'Illustration: en byggnad ansluten till molnet',
      pictureDashboard: 'Illustration: en instrumentpanel med trendkurva och larm',
      footerLabel: 'Kontakt',
      phone: 'Telefon',
      email: 'E-post',
      website: 'Webbplats',
      social: 'Följ oss',
    },
    leroyLogin: {
      opening: 'Öppnar {{site}}…',
      siteNotOnline: '{{site}} är inte ansluten just nu. Försök igen senare.',
      siteNotAvailable: 'Anläggningen för den här inloggningen är inte tillgänglig för din användare.',
      onlyOnCloudDomain: 'Den här inloggningen finns bara på {{domain}}.',
      openAgain: 'Öppna anläggningen',
    },
    dashboards: {
      site: 'Anläggning',
      connecting: 'Ansluter till anläggningen…',
      noSites: 'Du har inga anläggningar med instrumentpaneler.',
      frameTitle: 'Instrumentpanel för {{site}}',
      timedOut: 'Anläggningen svarade inte i tid.',
      retry: 'Försök igen',
    },
    altLayout: {
      navigation: 'Navigering',
      openMenu: 'Öppna menyn',
      closeMenu: 'Stäng menyn',
      licenseAdministration: 'Licensadministration',
      showMore: 'Visa fler',
    },
    controllerFrame: {
      signInToContinue: 'Logga in för att fortsätta',
    },
    errorPage: {
      code: 'Felkod',
      unknownSite: 'Okänd anläggning',
      backToSites: 'Tillbaka till anläggningar',
    },
  },
};
