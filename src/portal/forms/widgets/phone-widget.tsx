import { useContext } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ObjectDataContext } from '../templates/object-field-template';
import { useFormattedPhone } from './phone-format';
import { TextWidget } from './text-widget';

export { formatPhone, loadPhoneMetadata } from './phone-format';

/**
 * The phone number: typed as the learner types it (reformatting while typing would move the caret
 * and change what the schema checks), shown formatted for the sibling country code when read-only
 * (as typed until that code's metadata has loaded).
 */
export function PhoneWidget(props: WidgetProps) {
  const siblings = useContext(ObjectDataContext);
  const readOnly = Boolean(props.readonly || props.disabled);
  const formatted = useFormattedPhone(siblings?.countryCode, props.value, readOnly);
  const shown = readOnly ? (formatted ?? props.value) : props.value;
  return <TextWidget {...props} type="tel" value={shown} options={{ autocomplete: 'tel-national', ...props.options }} />;
}
