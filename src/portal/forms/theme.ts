import type { FormProps } from '@rjsf/core';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { DescriptionFieldTemplate } from './templates/description-field-template';
import { FieldErrorTemplate } from './templates/field-error-template';
import { FieldTemplate } from './templates/field-template';
import { ObjectFieldTemplate } from './templates/object-field-template';
import { TitleFieldTemplate } from './templates/title-field-template';
import { BirthMonthWidget } from './widgets/birth-month-widget';
import { CheckboxWidget } from './widgets/checkbox-widget';
import { CountryCodeWidget } from './widgets/country-code-widget';
import { CountryWidget } from './widgets/country-widget';
import { PasswordWidget } from './widgets/password-widget';
import { PhoneWidget } from './widgets/phone-widget';
import { SelectWidget } from './widgets/select-widget';
import { StateWidget } from './widgets/state-widget';
import { EmailWidget, TextWidget } from './widgets/text-widget';
import { TimeWidget } from './widgets/time-widget';
import { withFieldChange } from './widgets/with-field-change';

const text = withFieldChange(TextWidget);
const email = withFieldChange(EmailWidget);
const password = withFieldChange(PasswordWidget);
const select = withFieldChange(SelectWidget);
const checkbox = withFieldChange(CheckboxWidget);

/** Widgets by the ui-schema names of schemas/README.md, and by RJSF's default names for unmarked fields. */
export const widgets: RegistryWidgetsType = {
  text,
  email,
  password,
  select,
  checkbox,
  country: withFieldChange(CountryWidget),
  state: withFieldChange(StateWidget),
  phone: withFieldChange(PhoneWidget),
  countryCode: withFieldChange(CountryCodeWidget),
  birthMonth: withFieldChange(BirthMonthWidget),
  time: withFieldChange(TimeWidget),
  TextWidget: text,
  EmailWidget: email,
  PasswordWidget: password,
  SelectWidget: select,
  CheckboxWidget: checkbox,
};

// Errors are shown at their fields, never as a list at the top.
function NoErrorList() {
  return null;
}

// SchemaForm renders its own buttons (spinner, Edit/Cancel), so RJSF's submit button is off.
function NoSubmitButton() {
  return null;
}

export const templates: FormProps['templates'] = {
  FieldTemplate,
  FieldErrorTemplate,
  ObjectFieldTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  ErrorListTemplate: NoErrorList,
  ButtonTemplates: { SubmitButton: NoSubmitButton },
};
