/**
 * How every suite launches Debian's chromium (the browser suites, the cluster's alarm table, the packaging
 * test): headless, no sandbox (a container), no GPU, no background requests.
 *
 * Each new browser context is a new window, and Chromium 156's headless windows load the omnibox's WebUI
 * popup (a Lit app of about 400 modules) in a renderer of their own, though headless has no omnibox to show
 * it in. Measured on a two-core machine: a context with one page costs 1.3-1.7 s of CPU with it and
 * 0.4 s without, more than most browser tests spend on their own steps.
 */
const OMNIBOX_WEBUI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, chromiumSwitches.ts). Chromium honours
 * only the last `--disable-features` switch, so ours repeats Playwright's; tests/e2e/shell/chromiumLaunch.spec.ts
 * fails when a Playwright upgrade changes its list.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];

export const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI];

export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', `--disable-features=${DISABLED_FEATURES.join(',')}`],
};
