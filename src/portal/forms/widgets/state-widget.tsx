import { useContext, useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ObjectDataContext } from '../templates/object-field-template';
import { SelectControl } from './select-widget';
import { statesOf } from './state-lists';
import { TextWidget } from './text-widget';

/** A select of the chosen country's states where schemas/defs has a list, free text otherwise. */
export function StateWidget(props: WidgetProps) {
  const siblings = useContext(ObjectDataContext);
  const countryPath = Array.isArray(props.options.countryPath) ? (props.options.countryPath as string[]) : ['country'];
  const country = siblings?.[countryPath[countryPath.length - 1] ?? 'country'];
  const states = statesOf(country);
  const choices = useMemo(() => states?.map((s) => ({ value: s.abbreviation, label: s.name })), [states]);
  if (!choices) return <TextWidget {...props} />;
  return <SelectControl {...props} choices={choices} placeholderKey="widgets:Select.State" />;
}
