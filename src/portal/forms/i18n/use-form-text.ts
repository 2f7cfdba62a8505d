import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

// Texts a schema or ui schema names (labels, help, options, error keys) may live in any of these files.
export const FORM_NAMESPACES = ['fields', 'validation', 'widgets'];

/** Translates a key a schema or ui schema carries; a key with no text falls back to `fallbackKey`. */
export function useFormText() {
  const { t, i18n } = useTranslation(FORM_NAMESPACES);
  const text = useCallback(
    (key: string | undefined, fallbackKey?: string): string => {
      if (!key) return fallbackKey ? t(fallbackKey, { ns: FORM_NAMESPACES }) : '';
      if (fallbackKey && !i18n.exists(key, { ns: FORM_NAMESPACES })) return t(fallbackKey, { ns: FORM_NAMESPACES });
      return t(key, { ns: FORM_NAMESPACES });
    },
    [t, i18n],
  );
  return { text, t, lang: i18n.language };
}
