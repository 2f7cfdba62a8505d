import type { ChangeEvent, FocusEvent } from 'react';
import { getInputProps, type WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../behaviours/formContext';
import { ariaProps } from './aria';
import { useHeldTyping } from './heldTyping';
import { useFormText } from '../i18n/useFormText';

export interface TextInputProps extends WidgetProps {
  /** Applied to each typed text before it is shown or stored (the country code drops a typed '+'). */
  normalise?: (text: string) => string;
}

/** Text, e-mail and the input half of other widgets; an emptied box stores undefined so `required` fires. */
export function TextInput(props: TextInputProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, schema, options, type, registry, normalise } = props;
  const { text } = useFormText();
  const inputProps = getInputProps(schema, type, options);
  const emptyValue = options.emptyValue;
  const typing = useHeldTyping(
    id,
    value,
    (typed: string) => onChange(typed === '' ? emptyValue : typed),
    registry.formContext as Partial<SchemaFormContext> | undefined,
  );
  return (
    <input
      id={id}
      name={htmlName ?? id}
      className="form-input"
      {...inputProps}
      type={type ?? inputProps.type ?? 'text'}
      value={(typing.shown as string | number | undefined) ?? ''}
      disabled={disabled}
      readOnly={readonly}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- only when the ui schema asks for it
      autoFocus={autofocus}
      placeholder={placeholder ? text(placeholder) : undefined}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      maxLength={typeof options.inputMaxLength === 'number' ? options.inputMaxLength : undefined}
      onChange={(e: ChangeEvent<HTMLInputElement>) => typing.change(normalise ? normalise(e.target.value) : e.target.value)}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        typing.handOver();
        onBlur(id, e.target.value);
      }}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
      {...ariaProps(props)}
    />
  );
}

export function TextWidget(props: WidgetProps) {
  return <TextInput {...props} />;
}

export function EmailWidget(props: WidgetProps) {
  return <TextInput {...props} type="email" options={{ autocomplete: 'email', ...props.options }} />;
}
