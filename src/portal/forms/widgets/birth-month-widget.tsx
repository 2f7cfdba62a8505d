import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { SelectControl } from './select-widget';
import { useFormText } from '../i18n/use-form-text';

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];

/** Birth month stored as "01".."12", shown by the month names of fields.json. */
export function BirthMonthWidget(props: WidgetProps) {
  const { text } = useFormText();
  const prefix = typeof props.options.optionLabelPrefix === 'string' ? props.options.optionLabelPrefix : 'Fields.Options.Month';
  const enumOptions = props.options.enumOptions;
  const choices = useMemo(
    () => (enumOptions?.map((o) => String(o.value)) ?? MONTHS).map((value) => ({ value, label: text(`${prefix}.${value}`) })),
    [enumOptions, prefix, text],
  );
  return <SelectControl {...props} choices={choices} placeholderKey="widgets:Select.Month" />;
}
