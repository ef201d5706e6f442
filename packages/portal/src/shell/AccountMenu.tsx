import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { COLOR_SCHEME_PREFERENCES, i18n, type ColorSchemePreference, type Language } from '@varde/core';
import { chooseLanguage } from '../app/language.js';
import { navigate } from '../app/router.js';
import { useColorScheme } from './useDarkTheme.js';
import { useTexts } from './useTexts.js';

/** Language names in their own language, so anyone finds theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { no: 'Norsk', en: 'English', se: 'Svenska' };

const THEME_TEXT: Record<ColorSchemePreference, string> = { system: 'themeSystem', light: 'themeLight', dark: 'themeDark' };

/**
 * The account menu (a menu button): account settings, the UI language, the theme (as the system, light,
 * dark; remembered) and log out. Arrow keys move,
 * Escape closes and gives focus back to the button, a click elsewhere closes.
 */
export function AccountMenu({ userName }: { userName: string }) {
  const t = useTexts('portal');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const colorScheme = useColorScheme();

  useEffect(() => {
    if (!open) return undefined;
    menu.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const moveTo = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') moveTo(index + 1);
    else if (event.key === 'ArrowUp') moveTo(index - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(items.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  const go = (path: string) => {
    close(false);
    navigate(path);
  };

  return (
    <div className="account">
      <button
        ref={button}
        type="button"
        className="account-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`${t('account')}: ${userName}`}
        onClick={() => setOpen((value) => !value)}
        data-testid="account-button"
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
        </svg>
        <span className="user-name" data-testid="user-name">{userName}</span>
      </button>
      {open ? (
        <div ref={menu} id={menuId} role="menu" aria-label={t('account')} className="account-menu" onKeyDown={onMenuKey}>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => go('/account-settings')}>
            {t('accountSettings')}
          </button>
          <div role="group" aria-label={t('language')} className="account-menu-languages">
            {(Object.keys(LANGUAGE_NAMES) as Language[]).map((code) => (
              <button
                key={code}
                type="button"
                role="menuitemradio"
                aria-checked={i18n.language === code}
                tabIndex={-1}
                lang={code === 'se' ? 'sv' : code}
                onClick={() => {
                  void chooseLanguage(code);
                  close(true);
                }}
              >
                {LANGUAGE_NAMES[code]}
              </button>
            ))}
          </div>
          <div role="group" aria-label={t('theme')} className="account-menu-languages" data-testid="theme-choice">
            {COLOR_SCHEME_PREFERENCES.map((preference) => (
              <button
                key={preference}
                type="button"
                role="menuitemradio"
                aria-checked={colorScheme.preference === preference}
                tabIndex={-1}
                data-preference={preference}
                onClick={() => {
                  colorScheme.choose(preference);
                  close(true);
                }}
              >
                {t(THEME_TEXT[preference])}
              </button>
            ))}
          </div>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => go('/logout')}>
            {t('signOut')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
