import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { countryName, useCountryNamesLanguage } from './country-names';
import { SelectControl } from './select-widget';
import { useFormText } from '../i18n/use-form-text';

/** Countries of the schema's list (3-letter codes), named and sorted in the UI language. */
export function CountryWidget(props: WidgetProps) {
  const { lang, text } = useFormText();
  const namesLang = useCountryNamesLanguage(lang);
  const enumOptions = props.options.enumOptions;
  const choices = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return (enumOptions ?? [])
      .map((o) => ({ value: String(o.value), label: countryName(String(o.value), namesLang) ?? text(String(o.label)) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [enumOptions, lang, namesLang, text]);
  return <SelectControl {...props} choices={choices} placeholderKey="widgets:Select.Country" />;
}
