import { useContext } from 'react';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { WidgetProps } from '@rjsf/utils';
import { ObjectDataContext } from '../templates/object-field-template';
import { TextWidget } from './text-widget';

/** The number formatted for its country code (default 1), or undefined when it does not parse as valid. */
export function formatPhone(countryCode: unknown, phone: unknown): string | undefined {
  if (typeof phone !== 'string' || phone === '') return undefined;
  const code = typeof countryCode === 'string' && countryCode.replace(/\D/g, '') !== '' ? countryCode.replace(/\D/g, '') : '1';
  const parsed = parsePhoneNumberFromString(`+${code}${phone.replace(/[^\d]/g, '')}`);
  if (!parsed?.isValid()) return undefined;
  return parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational().replace(`+${code} `, '');
}

/**
 * The phone number: typed as the learner types it (reformatting while typing would move the caret
 * and change what the schema checks), shown formatted for the sibling country code when read-only.
 */
export function PhoneWidget(props: WidgetProps) {
  const siblings = useContext(ObjectDataContext);
  const shown = props.readonly || props.disabled ? (formatPhone(siblings?.countryCode, props.value) ?? props.value) : props.value;
  return <TextWidget {...props} type="tel" value={shown} options={{ autocomplete: 'tel-national', ...props.options }} />;
}
