import type { FormProps } from '@rjsf/core';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { DescriptionFieldTemplate } from './templates/DescriptionFieldTemplate';
import { FieldErrorTemplate } from './templates/FieldErrorTemplate';
import { FieldTemplate } from './templates/FieldTemplate';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';
import { TitleFieldTemplate } from './templates/TitleFieldTemplate';
import { BirthMonthWidget } from './widgets/BirthMonthWidget';
import { CheckboxWidget } from './widgets/CheckboxWidget';
import { CountryCodeWidget } from './widgets/CountryCodeWidget';
import { CountryWidget } from './widgets/CountryWidget';
import { PasswordWidget } from './widgets/PasswordWidget';
import { PhoneWidget } from './widgets/PhoneWidget';
import { SelectWidget } from './widgets/SelectWidget';
import { StateWidget } from './widgets/StateWidget';
import { EmailWidget, TextWidget } from './widgets/TextWidget';
import { TimeWidget } from './widgets/TimeWidget';
import { withFieldChange } from './widgets/withFieldChange';

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
