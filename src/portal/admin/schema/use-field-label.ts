import { useCallback } from 'react';
import type { UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import type { FormName } from '../../forms/definitions';
import { FORM_NAMESPACES } from '../../forms/i18n/use-form-text';
import { resolvedUi, type SchemaFiles } from './files';
import { labelKeyAt } from './labels';
import { runtimeText } from '../../ui/texts/runtime-text';

/**
 * A field's name for people: the labels its form's ui file gives it and its groups
 * ("Address › City"), or its data path where a part has no label.
 */
export function useFieldLabel(files: SchemaFiles | undefined) {
  const { t, i18n } = useTranslation(FORM_NAMESPACES);
  return useCallback(
    (form: FormName, path: string): string => {
      const ui = files ? (resolvedUi(files, form) as UiSchema) : undefined;
      const parts = path.split('/');
      const names = parts.map((part, i) => {
        const key = labelKeyAt(ui, parts.slice(0, i + 1).join('/'));
        return key && i18n.exists(key, { ns: FORM_NAMESPACES }) ? runtimeText(t, key, { ns: FORM_NAMESPACES }) : part;
      });
      return names.join(' › ');
    },
    [files, t, i18n],
  );
}
