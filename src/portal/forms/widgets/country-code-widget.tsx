import type { WidgetProps } from '@rjsf/utils';
import { TextInput } from './text-widget';

// The '+' is shown beside the box, so a typed one is dropped: the stored code stays digits ("1").
const withoutPlus = (text: string) => text.replace(/^\+/, '');

/**
 * The phone's country calling code: a visible '+' before a box taking up to 4 characters. Read-only,
 * the code reads as one piece of text, "+1" (for screen readers too), with no box and prefix beside it.
 */
export function CountryCodeWidget(props: WidgetProps) {
  const maxLength = typeof props.options.inputMaxLength === 'number' ? props.options.inputMaxLength : 4;
  const readOnly = Boolean(props.readonly || props.disabled);
  const code = typeof props.value === 'string' ? withoutPlus(props.value) : props.value;
  const shown = readOnly && code !== undefined && code !== null && code !== '' ? `+${String(code)}` : props.value;
  return (
    <span className="form-input-group">
      {/* `false` rather than nothing keeps the box in its place, so Edit does not replace the element. */}
      {!readOnly && (
        <span className="form-input-prefix" aria-hidden="true">
          +
        </span>
      )}
      <TextInput
        {...props}
        value={shown}
        type="tel"
        normalise={withoutPlus}
        options={{ autocomplete: 'tel-country-code', ...props.options, inputMaxLength: maxLength }}
      />
    </span>
  );
}
