import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeText } from '../../ui/texts/runtime-text';

// Texts a schema or ui schema names (labels, help, options, error keys) may live in any of these files.
export const FORM_NAMESPACES = ['fields', 'validation', 'widgets'] as const;

/**
 * Translates a key a schema or ui schema carries; a key with no text falls back to `fallbackKey`.
 * `values` fill the text's {{placeholders}}; a `rule` among them is the i18next context, so the text
 * for that rule (`<key>_<rule>`) is used where one exists, the key's own text otherwise. Such keys
 * are read at run time, so `text` goes through runtimeText; a key written in the code uses the `t`
 * returned beside it, which type-checks it (docs/conventions.md#typed-keys).
 */
export function useFormText() {
  const { t, i18n } = useTranslation(FORM_NAMESPACES);
  const text = useCallback(
    (key: string | undefined, fallbackKey?: string, values?: Record<string, string | number>): string => {
      const options = { ns: FORM_NAMESPACES, ...(values ? { ...values, context: values.rule } : {}) };
      if (!key) return fallbackKey ? runtimeText(t, fallbackKey, options) : '';
      if (fallbackKey && !i18n.exists(key, { ns: FORM_NAMESPACES })) return runtimeText(t, fallbackKey, options);
      return runtimeText(t, key, options);
    },
    [t, i18n],
  );
  return { text, t, lang: i18n.language };
}
