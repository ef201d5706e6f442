import { useTexts } from './useTexts.js';

/** A module's page until its engineer replaces it: the module title inside the shell. */
export function ModulePlaceholder(props: { titleKey: string; children?: React.ReactNode }) {
  const t = useTexts(['menu', 'portal']);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{t(props.titleKey)}</h1>
      {props.children}
    </section>
  );
}
