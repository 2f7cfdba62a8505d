import { useContext, useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useFormText } from '../i18n/use-form-text';
import { ObjectDataContext } from '../templates/object-field-template';
import { SelectControl } from './select-widget';
import { statesOf } from './state-lists';
import { TextWidget } from './text-widget';

/**
 * A select of the chosen country's states where schemas/defs has a list, free text otherwise. Each
 * name is in the UI language (`Fields.Options.State.<country>.<abbreviation>` in fields.json; every
 * entry of the list has one in every language, `npm run check:schemas` makes sure), the list's own
 * English name where a text is missing.
 */
export function StateWidget(props: WidgetProps) {
  const siblings = useContext(ObjectDataContext);
  const { t, lang } = useFormText();
  const countryPath = Array.isArray(props.options.countryPath) ? (props.options.countryPath as string[]) : ['country'];
  const country = siblings?.[countryPath[countryPath.length - 1] ?? 'country'];
  const states = statesOf(country);
  const choices = useMemo(
    () =>
      states?.map((s) => ({
        value: s.abbreviation,
        label: t(`Fields.Options.State.${s.country}.${s.abbreviation}`, { ns: 'fields', defaultValue: s.name, lng: lang }),
      })),
    [states, t, lang],
  );
  if (!choices) return <TextWidget {...props} />;
  return <SelectControl {...props} choices={choices} placeholderKey="widgets:Select.State" />;
}
