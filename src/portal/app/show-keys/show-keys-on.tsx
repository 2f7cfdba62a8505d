/*
 * "Show keys" on the real portal (docs/texts.md#show-keys), once on (./show-keys.tsx loads this chunk
 * only then, for the localisation role): every text tells its key when hovered or focused, in a panel
 * at the foot of the window with a link that opens the key in the texts console
 * (/admin/texts?key=ns:key); Alt+K opens it from the keyboard.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KEY_ATTRIBUTE, PANEL_ATTRIBUTE } from './key-attributes';
import { setShowKeys } from './show-keys-state';

/** The texts console's address for a key. */
const consoleHrefOf = (key: string): string => `/admin/texts?${new URLSearchParams({ key }).toString()}`;

const keysAt = (target: EventTarget | null): string[] | undefined => {
  if (!(target instanceof Element) || target.closest(`[${PANEL_ATTRIBUTE}]`)) return undefined;
  const marked = target.closest(`[${KEY_ATTRIBUTE}]`);
  return marked?.getAttribute(KEY_ATTRIBUTE)?.split(' ').filter(Boolean);
};

export default function ShowKeysOn() {
  const { i18n } = useTranslation('portal');
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    // The marking's code is a chunk of its own: only the localisation role ever loads it.
    void import('./key-marks').then(({ clearTextKeys, markTextKeys, setKeyMarking }) => {
      if (cancelled) return;
      setKeyMarking(true);
      // Every translated component renders again, now with the keys hidden in its texts.
      void i18n.changeLanguage(i18n.language);
      markTextKeys(document.body);
      const observer = new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'characterData') markTextKeys(record.target.parentNode ?? record.target);
          else for (const node of record.addedNodes) markTextKeys(node.nodeType === Node.TEXT_NODE ? (node.parentNode ?? node) : node);
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      stop = () => {
        observer.disconnect();
        setKeyMarking(false);
        void i18n.changeLanguage(i18n.language);
        clearTextKeys(document.body);
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [i18n]);
  return <KeyPanel />;
}

function KeyPanel() {
  const { t } = useTranslation('portal');
  const [keys, setKeys] = useState<string[]>([]);
  useEffect(() => {
    const show = (event: Event) => {
      const found = keysAt(event.target);
      if (found) setKeys(found);
    };
    const open = (event: KeyboardEvent) => {
      if (!event.altKey || event.key.toLowerCase() !== 'k') return;
      const found = keysAt(document.activeElement);
      if (!found?.[0]) return;
      event.preventDefault();
      window.open(consoleHrefOf(found[0]), '_blank', 'noopener');
    };
    document.addEventListener('mouseover', show);
    document.addEventListener('focusin', show);
    document.addEventListener('keydown', open);
    return () => {
      document.removeEventListener('mouseover', show);
      document.removeEventListener('focusin', show);
      document.removeEventListener('keydown', open);
    };
  }, []);
  return (
    <aside className="show-keys-panel" aria-label={t('ShowKeys.Label')} data-testid="show-keys-panel" {...{ [PANEL_ATTRIBUTE]: '' }}>
      <div aria-live="polite">
        {keys.length === 0 ? (
          <p>{t('ShowKeys.Hint')}</p>
        ) : (
          <ul>
            {keys.map((key) => (
              <li key={key}>
                <code translate="no">{key}</code>{' '}
                <a href={consoleHrefOf(key)} target="_blank" rel="noopener noreferrer">
                  {t('ShowKeys.Open')}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="button button--secondary button--small show-keys-panel__off" onClick={() => setShowKeys(false)}>
        {t('ShowKeys.TurnOff')}
      </button>
    </aside>
  );
}
