import type { FormName } from '../../forms/definitions';
import type { TextKey } from '../../ui/texts/text-key';
import type { Condition } from './describe-rules';

// Every gallery text key spelled out, so the locale check sees each one in use.

export const FORM_TITLE: Record<FormName, TextKey<'gallery'>> = {
  profile: 'gallery:Forms.profile',
  exam: 'gallery:Forms.exam',
  demographics: 'gallery:Forms.demographics',
  'company-country': 'gallery:Forms.company-country',
  email: 'gallery:Forms.email',
  password: 'gallery:Forms.password',
  redeem: 'gallery:Forms.redeem',
  'course-picker': 'gallery:Forms.course-picker',
  address: 'gallery:Forms.address',
};

/** Context flags a ui file's locks may name; an unknown flag is shown by its name. */
export const CONTEXT_FLAG: Record<string, TextKey<'gallery'>> = {
  hasExamProviderId: 'gallery:Context.hasExamProviderId',
};

export const RULE: Record<string, TextKey<'gallery'>> = {
  Required: 'gallery:Rules.Required',
  NotEmpty: 'gallery:Rules.NotEmpty',
  MaxLength: 'gallery:Rules.MaxLength',
  MinLength: 'gallery:Rules.MinLength',
  OneOf: 'gallery:Rules.OneOf',
  OneOfCount: 'gallery:Rules.OneOfCount',
  MustBe: 'gallery:Rules.MustBe',
  MustEqual: 'gallery:Rules.MustEqual',
  MustDiffer: 'gallery:Rules.MustDiffer',
  Number: 'gallery:Rules.Number',
  ReadOnly: 'gallery:Rules.ReadOnly',
  AnyOfPatterns: 'gallery:Rules.AnyOfPatterns',
  'Format.email': 'gallery:Rules.Format.email',
};

/** Plain words for the patterns of schemas/defs, by their $defs name; others quote the rule's message. */
export const PATTERN: Record<string, TextKey<'gallery'>> = {
  text: 'gallery:Rules.Pattern.text',
  noBackslash: 'gallery:Rules.Pattern.noBackslash',
  line: 'gallery:Rules.Pattern.line',
  name: 'gallery:Rules.Pattern.name',
  noEmail: 'gallery:Rules.Pattern.noEmail',
  address: 'gallery:Rules.Pattern.address',
  city: 'gallery:Rules.Pattern.city',
  state: 'gallery:Rules.Pattern.state',
  postalCode: 'gallery:Rules.Pattern.postalCode',
  phone: 'gallery:Rules.Pattern.phone',
  company: 'gallery:Rules.Pattern.company',
};
export const PATTERN_OTHER = 'gallery:Rules.Pattern.Other' satisfies TextKey<'gallery'>;
export const RULE_INVALID = 'gallery:Rules.Invalid' satisfies TextKey<'gallery'>;

export const CONDITION: Record<Condition['kind'], TextKey<'gallery'>> = {
  Is: 'gallery:Rules.Is',
  IsOneOf: 'gallery:Rules.IsOneOf',
  IsFilled: 'gallery:Rules.IsFilled',
  Otherwise: 'gallery:Rules.Otherwise',
};
