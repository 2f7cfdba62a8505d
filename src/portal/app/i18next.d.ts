// The portal's texts, typed from the English files (locales/en/<ns>.json, the language every other
// one is checked against by `npm run check:locales`): a key written in the code that no English
// file has fails `npm run typecheck`. Keys read at run time from schemas/ and the form UI files go
// through `runtimeKey` (./runtime-key.ts) instead; docs/conventions.md#texts says which check covers
// them. The options match `initI18n` (./i18n.ts): default namespace `portal`, `.` and `:`
// separators, no null texts.
import 'i18next';
import type account from '../../../locales/en/account.json';
import type admin from '../../../locales/en/admin.json';
import type announcements from '../../../locales/en/announcements.json';
import type certification from '../../../locales/en/certification.json';
import type explore from '../../../locales/en/explore.json';
import type fields from '../../../locales/en/fields.json';
import type fulfilment from '../../../locales/en/fulfilment.json';
import type gallery from '../../../locales/en/gallery.json';
import type home from '../../../locales/en/home.json';
import type launch from '../../../locales/en/launch.json';
import type mail from '../../../locales/en/mail.json';
import type onboarding from '../../../locales/en/onboarding.json';
import type portal from '../../../locales/en/portal.json';
import type profile from '../../../locales/en/profile.json';
import type redemption from '../../../locales/en/redemption.json';
import type rules from '../../../locales/en/rules.json';
import type signin from '../../../locales/en/signin.json';
import type texts from '../../../locales/en/texts.json';
import type training from '../../../locales/en/training.json';
import type validation from '../../../locales/en/validation.json';
import type widgets from '../../../locales/en/widgets.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'portal';
    returnNull: false;
    resources: {
      account: typeof account;
      admin: typeof admin;
      announcements: typeof announcements;
      certification: typeof certification;
      explore: typeof explore;
      fields: typeof fields;
      fulfilment: typeof fulfilment;
      gallery: typeof gallery;
      home: typeof home;
      launch: typeof launch;
      mail: typeof mail;
      onboarding: typeof onboarding;
      portal: typeof portal;
      profile: typeof profile;
      redemption: typeof redemption;
      rules: typeof rules;
      signin: typeof signin;
      texts: typeof texts;
      training: typeof training;
      validation: typeof validation;
      widgets: typeof widgets;
    };
  }
}
