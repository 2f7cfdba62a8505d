import type { ChangeEvent, FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { ParseKeys } from 'i18next';
import { ariaProps } from './aria';
import type { SchemaFormContext } from '../behaviours/form-context';
import { FORM_NAMESPACES, useFormText } from '../i18n/use-form-text';
import { enumOf } from './enum-lists';
import { NOT_PROVIDED_KEY, showsNotProvided } from './read-empty';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectControlProps extends WidgetProps {
  choices: SelectOption[];
  placeholderKey?: ParseKeys<typeof FORM_NAMESPACES>;
}

/**
 * One <select> used by select, country, state and birth month; the empty choice stores undefined.
 * Read-only with no value, the empty choice says "Not provided" rather than "Select…".
 */
export function SelectControl(props: SelectControlProps) {
  const { id, htmlName, value, disabled, readonly, onChange, onBlur, onFocus, choices, placeholderKey, options } = props;
  const { t } = useFormText();
  const toValue = (raw: string) => (raw === '' ? options.emptyValue : raw);
  const notProvided = showsNotProvided(props);
  return (
    <select
      id={id}
      name={htmlName ?? id}
      className={notProvided ? 'form-select form-select--empty' : 'form-select'}
      value={value == null ? '' : String(value)}
      disabled={disabled || readonly}
      onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(toValue(e.target.value))}
      onBlur={(e: FocusEvent<HTMLSelectElement>) => onBlur(id, toValue(e.target.value))}
      onFocus={(e: FocusEvent<HTMLSelectElement>) => onFocus(id, toValue(e.target.value))}
      {...ariaProps(props)}
    >
      <option value="">{t(notProvided ? NOT_PROVIDED_KEY : (placeholderKey ?? 'widgets:Select.Placeholder'))}</option>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** A list shown as it is (suffixes) keeps a stored value that is not on it, which the schema still accepts. */
function withStoredValue(list: string[], value: unknown): string[] {
  return typeof value === 'string' && value !== '' && !list.includes(value) ? [...list, value] : list;
}

interface ContextOption {
  value: string | number;
  label: string;
}

/**
 * A select over the schema's enum, option labels `t(optionLabelPrefix + '.' + value)`; with
 * `optionsFrom`, over `formContext[optionsFrom]` whose labels are already texts (course names); with
 * `enumFrom`, over the enum of a defs file, shown as it is (name suffixes).
 */
export function SelectWidget(props: WidgetProps) {
  const { text } = useFormText();
  const { optionLabelPrefix, optionsFrom, enumFrom } = props.options;
  const context = (props.registry.formContext as SchemaFormContext | undefined)?.context;
  const fromContext = typeof optionsFrom === 'string' && Array.isArray(context?.[optionsFrom]) ? (context[optionsFrom] as ContextOption[]) : undefined;
  const values: { value: unknown; label: string }[] = fromContext
    ? fromContext.map((o) => ({ value: o.value, label: o.label }))
    : typeof enumFrom === 'string'
      ? withStoredValue(enumOf(enumFrom), props.value).map((v) => ({ value: v, label: v }))
      : (props.options.enumOptions ?? []).map((o) => ({
          value: o.value,
          label: text(typeof optionLabelPrefix === 'string' ? `${optionLabelPrefix}.${String(o.value)}` : String(o.label)),
        }));
  const choices = values.map((v) => ({ value: String(v.value), label: v.label }));
  const selected = values.find((v) => String(v.value) === String(props.value));
  const onChange = (raw: unknown) => {
    const match = values.find((v) => String(v.value) === raw);
    props.onChange(match ? match.value : raw);
  };
  return <SelectControl {...props} value={selected ? String(selected.value) : props.value} onChange={onChange} choices={choices} />;
}
