import { useCallback, useEffect, useRef, useState } from 'react';
import { listRuleSites, ruleFailureText, RULE_SNACKBAR_MS } from '@varde/core';
import type { Site } from '@varde/core/contract';
import '../shared/shoelaceElements.js';
import { useVardeEvents } from '../shared/events.js';
import { useShoelaceParts } from '../shared/shoelace.js';
import { useSessionSnapshot, useSharedSession } from '../shared/useSharedSession.js';
import { useWidgetTranslation } from '../shared/useWidgetTranslation.js';
import { filteredEmptyStrings } from '../shared/filteredEmptyStrings.js';
import { WidgetRoot } from '../shared/WidgetRoot.js';
import type { RulesChangeDetail, RuleTestDetail } from './events.js';
import { RuleIcon } from './icons.js';
import { loadRuleEditorShoelaceParts } from './shoelace.js';
import { SiteRules } from './SiteRules.js';
import { ruleEditorStrings } from './strings.js';
import { ruleEditorStyles } from './styles.js';

export interface RuleEditorWidgetProps {
  /** Only this site (a uuid), expanded — e.g. inside a controller's own pages. Default: every site of the user. */
  site?: string;
  /** Which sites: the user's (default) or those they administer. */
  list?: 'controllers' | 'adminControllers';
  onRulesChange?(detail: RulesChangeDetail): void;
  onRuleTest?(detail: RuleTestDetail): void;
}

interface Snack {
  text: string;
  tone: 'success' | 'error';
  id: number;
}

/**
 * Notification rules: a table of sites with their rule counts; expanding a site shows its rules
 * with edit, delete and test, plus new rule and delete all. Snackbars last 3 s.
 */
export function RuleEditorWidget({ site: onlySite, list, onRulesChange, onRuleTest }: RuleEditorWidgetProps) {
  const { t, language } = useWidgetTranslation(ruleEditorStrings);
  const filtered = useWidgetTranslation(filteredEmptyStrings).t;
  const { rootRef, emit } = useVardeEvents();
  useShoelaceParts(loadRuleEditorShoelaceParts);
  const session = useSharedSession();
  const snapshot = useSessionSnapshot();
  const signedIn = snapshot?.state === 'signed-in';

  const [sites, setSites] = useState<Site[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [snackState, setSnack] = useState<Snack | null>(null);
  const snackTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!session || !signedIn) return;
    let live = true;
    setError(null);
    listRuleSites(session.http, list ? { list } : {}).then(
      (loaded) => {
        if (!live) return;
        const shown = onlySite ? loaded.filter((item) => item.uuid === onlySite) : loaded;
        setSites(shown);
        if (onlySite) setExpanded(new Set(shown.map((item) => item.uuid)));
      },
      (failure: unknown) => live && setError(ruleFailureText(failure)),
    );
    return () => {
      live = false;
    };
  }, [session, signedIn, snapshot?.tokensVersion, list, onlySite]);

  useEffect(() => () => {
    if (snackTimer.current) clearTimeout(snackTimer.current);
  }, []);

  const snack = useCallback((text: string, tone: Snack['tone']) => {
    if (snackTimer.current) clearTimeout(snackTimer.current);
    setSnack({ text, tone, id: Date.now() });
    snackTimer.current = setTimeout(() => setSnack(null), RULE_SNACKBAR_MS);
  }, []);

  const changed = useCallback(
    (detail: RulesChangeDetail) => {
      setSites((current) => current?.map((item) => (item.uuid === detail.siteUuid ? { ...item, rules: detail.ruleCount } : item)) ?? null);
      emit('varde-rules-change', detail);
      onRulesChange?.(detail);
    },
    [emit, onRulesChange],
  );
  const tested = useCallback(
    (detail: RuleTestDetail) => {
      emit('varde-rule-test', detail);
      onRuleTest?.(detail);
    },
    [emit, onRuleTest],
  );

  const toggle = (uuid: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(uuid)) next.add(uuid);
      return next;
    });

  const needle = filter.trim().toLowerCase();
  const shown = (sites ?? []).filter((item) => needle === '' || item.name.toLowerCase().includes(needle));

  return (
    <WidgetRoot styles={ruleEditorStyles} className="varde-rule-editor" rootRef={rootRef} lang={language}>
      {!signedIn ? <p className="varde-rule-editor__muted">{snapshot?.state === 'loading' ? t('loading') : t('signIn')}</p> : null}
      {signedIn && !onlySite ? (
        <input
          className="varde-rule-editor__input varde-rule-editor__filter"
          type="search"
          part="filter"
          aria-label={t('filterSites')}
          placeholder={t('filterSites')}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
      ) : null}
      {error ? <p className="varde-rule-editor__error" role="alert">{error}</p> : null}
      {signedIn && sites === null && !error ? <p className="varde-rule-editor__muted">{t('loading')}</p> : null}
      {sites !== null && shown.length === 0 && (needle === '' || sites.length === 0) ? <p className="varde-rule-editor__muted">{t('noSites')}</p> : null}
      {/* A filter that hides every site names itself, in the alarm table's words (issue 37, item 2). */}
      {sites !== null && sites.length > 0 && shown.length === 0 && needle !== '' ? (
        <p className="varde-rule-editor__muted" data-testid="filtered-empty">
          {filtered('sitesSearch', { search: filter.trim(), count: sites.length })}{' '}
          <button type="button" className="varde-rule-editor__link-button" part="clear-filter" onClick={() => setFilter('')}>
            {filtered('clearSearch')}
          </button>
        </p>
      ) : null}
      {shown.length > 0 && session ? (
        <table className="varde-rule-editor__sites" part="sites">
          <thead>
            <tr>
              <th scope="col">{t('site')}</th>
              <th scope="col" className="varde-rule-editor__count">
                {t('rules')}
              </th>
            </tr>
          </thead>
          {shown.map((item) => {
            const open = expanded.has(item.uuid);
            return (
              <tbody key={item.uuid} data-site={item.uuid} className={open ? 'varde-rule-editor__site--open' : undefined}>
                <tr className="varde-rule-editor__site-row">
                  <th scope="row">
                    <button
                      type="button"
                      className="varde-rule-editor__expand"
                      aria-expanded={open}
                      data-action="expand"
                      aria-label={t('showRules', { site: item.name })}
                      onClick={() => toggle(item.uuid)}
                    >
                      <RuleIcon name="chevron" />
                      <span>{item.name}</span>
                    </button>
                  </th>
                  <td className="varde-rule-editor__count" data-cell="rule-count">
                    {item.rules ?? 0}
                  </td>
                </tr>
                {open ? (
                  <tr className="varde-rule-editor__site-detail">
                    <td colSpan={2}>
                      <SiteRules site={item} http={session.http} t={t} language={language} snack={snack} onChange={changed} onTested={tested} />
                    </td>
                  </tr>
                ) : null}
              </tbody>
            );
          })}
        </table>
      ) : null}
      {snackState ? (
        <div
          key={snackState.id}
          className={`varde-rule-editor__snackbar varde-rule-editor__snackbar--${snackState.tone}`}
          part="snackbar"
          role="status"
          aria-live="polite"
          data-snackbar={snackState.tone}
        >
          {snackState.text}
        </div>
      ) : null}
    </WidgetRoot>
  );
}
