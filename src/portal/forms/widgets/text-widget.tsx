import { useRef, type ChangeEvent, type FocusEvent, type InputHTMLAttributes } from 'react';
import { getInputProps, type WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../behaviours/form-context';
import { ariaProps } from './aria';
import { useHeldTyping } from './held-typing';
import { useFormText } from '../i18n/use-form-text';
import { NOT_PROVIDED_KEY, showsNotProvided } from './read-empty';

export interface TextInputProps extends WidgetProps {
  /** Applied to each typed text before it is shown or stored (the country code drops a typed '+'). */
  normalise?: (text: string) => string;
}

interface HeldInputProps {
  attributes: InputHTMLAttributes<HTMLInputElement>;
  id: string;
  value: unknown;
  autofocus: boolean | undefined;
  normalise: ((text: string) => string) | undefined;
  commit: (text: string) => void;
  blur: (text: string) => void;
  form: Partial<SchemaFormContext> | undefined;
}

// The box alone, so that a change of the translations and attributes around it does not touch the
// held text, and a held keystroke renders nothing at all.
function HeldInput({ attributes, id, value, autofocus, normalise, commit, blur, form }: HeldInputProps) {
  const box = useRef<HTMLInputElement>(null);
  const shown = value === undefined || value === null ? '' : String(value as string | number);
  const typing = useHeldTyping(box, id, shown, commit, form);
  return (
    <input
      {...attributes}
      ref={box}
      defaultValue={shown}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- only when the ui schema asks for it
      autoFocus={autofocus}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        const typed = e.target.value;
        const text = normalise ? normalise(typed) : typed;
        // The box holds its own text: a normalised one (the country code without a typed '+') is put back at once.
        if (text !== typed) e.target.value = text;
        typing.change(text);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        typing.handOver();
        blur(e.target.value);
      }}
    />
  );
}

/**
 * Text, e-mail and the input half of other widgets; an emptied box stores undefined so `required` fires.
 * Read-only with no value, the box says "Not provided" (muted), so the learner and a screen reader
 * read that as the field's value rather than a blank; the form's data stays empty.
 */
export function TextInput(props: TextInputProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, schema, options, type, registry, normalise } = props;
  const { text, t } = useFormText();
  const inputProps = getInputProps(schema, type, options);
  const emptyValue = options.emptyValue;
  const notProvided = showsNotProvided(props);
  const attributes: InputHTMLAttributes<HTMLInputElement> = {
    id,
    name: htmlName ?? id,
    className: notProvided ? 'form-input form-input--empty' : 'form-input',
    ...inputProps,
    // A number box would drop the words; they are text.
    type: notProvided ? 'text' : (type ?? inputProps.type ?? 'text'),
    disabled,
    readOnly: readonly,
    placeholder: placeholder ? text(placeholder) : undefined,
    autoComplete: typeof options.autocomplete === 'string' ? options.autocomplete : undefined,
    maxLength: typeof options.inputMaxLength === 'number' ? options.inputMaxLength : undefined,
    onFocus: (e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value),
    ...ariaProps(props),
  };
  return (
    <HeldInput
      attributes={attributes}
      id={id}
      value={notProvided ? t(NOT_PROVIDED_KEY) : value}
      autofocus={autofocus}
      normalise={normalise}
      commit={(typed) => onChange(typed === '' ? emptyValue : typed)}
      blur={(typed) => onBlur(id, notProvided ? value : typed)}
      form={registry.formContext as Partial<SchemaFormContext> | undefined}
    />
  );
}

export function TextWidget(props: WidgetProps) {
  return <TextInput {...props} />;
}

export function EmailWidget(props: WidgetProps) {
  return <TextInput {...props} type="email" options={{ autocomplete: 'email', ...props.options }} />;
}
