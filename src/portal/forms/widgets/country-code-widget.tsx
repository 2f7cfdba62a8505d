import type { WidgetProps } from '@rjsf/utils';
import { TextInput } from './text-widget';

// The '+' is shown beside the box, so a typed one is dropped: the stored code stays digits ("1").
const withoutPlus = (text: string) => text.replace(/^\+/, '');

/** The phone's country calling code: a visible '+' before a box taking up to 4 characters. */
export function CountryCodeWidget(props: WidgetProps) {
  const maxLength = typeof props.options.inputMaxLength === 'number' ? props.options.inputMaxLength : 4;
  return (
    <span className="form-input-group">
      <span className="form-input-prefix" aria-hidden="true">
        +
      </span>
      <TextInput
        {...props}
        type="tel"
        normalise={withoutPlus}
        options={{ autocomplete: 'tel-country-code', ...props.options, inputMaxLength: maxLength }}
      />
    </span>
  );
}

