import type { ChangeEvent, FocusEvent } from 'react';
import { getInputProps, type WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';
import { useFormText } from '../i18n/useFormText';

/** Text, e-mail and the input half of other widgets; an emptied box stores undefined so `required` fires. */
export function TextWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, schema, options, type } = props;
  const { text } = useFormText();
  const inputProps = getInputProps(schema, type, options);
  const emptyValue = options.emptyValue;
  return (
    <input
      id={id}
      name={htmlName ?? id}
      className="form-input"
      {...inputProps}
      type={type ?? inputProps.type ?? 'text'}
      value={value ?? ''}
      disabled={disabled}
      readOnly={readonly}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- only when the ui schema asks for it
      autoFocus={autofocus}
      placeholder={placeholder ? text(placeholder) : undefined}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      maxLength={typeof options.inputMaxLength === 'number' ? options.inputMaxLength : undefined}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value === '' ? emptyValue : e.target.value)}
      onBlur={(e: FocusEvent<HTMLInputElement>) => onBlur(id, e.target.value)}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
      {...ariaProps(props)}
    />
  );
}

export function EmailWidget(props: WidgetProps) {
  return <TextWidget {...props} type="email" options={{ autocomplete: 'email', ...props.options }} />;
}
