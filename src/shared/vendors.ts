// Every vendor (partner) the portal knows, in one table, by the name the services, entitlements and
// launches use. Each fact about a vendor that more than one part needs lives here: its display name
// (a portal text key), whether the portal launches it, the external id that links a learner to it
// (the stored profile's `externalIds`), where its single sign-on page is (a PARTNER_<name>_URL
// setting, else the partner sandbox's page) and the secret it shares with the services.
// What a vendor's launch does with these stays with the code that does it (launch-plan.ts, the
// vendors service).

export interface VendorFacts {
  /** The vendor's name as learners see it (a key in locales/<lang>/portal.json), if it has one. */
  nameKey?: string;
  /** Whether the portal launches it (a training product's Open button, /login?redirectVendor=). */
  launched: boolean;
  /** The key under the profile's externalIds that links a learner to it, if it has accounts of its own. */
  externalId?: string;
  /** Its single sign-on page: PARTNER_<setting>_URL, else `sandboxPath` on the partner sandbox. */
  page?: { setting: string; sandboxPath: string };
  /** The variable of the secret it shares with the services (local default in shared/partners.ts). */
  secret?: 'CERTMETRICS_SECRET' | 'PEARSON_SECRET' | 'ZENDESK_SECRET' | 'SKILLABLE_SECRET';
}

export const VENDORS = {
  pearsonVue: {
    nameKey: 'portal:Vendors.pearsonVue',
    launched: true,
    externalId: 'pearsonVue',
    page: { setting: 'PEARSON', sandboxPath: '/pearson/sso' },
    secret: 'PEARSON_SECRET',
  },
  zendesk: { launched: true, page: { setting: 'ZENDESK', sandboxPath: '/zendesk/access/jwt' }, secret: 'ZENDESK_SECRET' },
  certMetrics: {
    nameKey: 'portal:Vendors.certMetrics',
    launched: true,
    page: { setting: 'CERTMETRICS', sandboxPath: '/certmetrics/sso' },
    secret: 'CERTMETRICS_SECRET',
  },
  benchPrep: { nameKey: 'portal:Vendors.benchPrep', launched: true, externalId: 'benchPrep', page: { setting: 'BENCHPREP', sandboxPath: '/benchprep/' } },
  canvas: { nameKey: 'portal:Vendors.canvas', launched: true, externalId: 'canvas', page: { setting: 'CANVAS', sandboxPath: '/canvas/' } },
  certMasterPractice: { nameKey: 'portal:Vendors.certMasterPractice', launched: true, page: { setting: 'CMP', sandboxPath: '/cmp/' } },
  certMaster: { nameKey: 'portal:Vendors.certMaster', launched: true, externalId: 'certMaster', page: { setting: 'CERTMASTER', sandboxPath: '/certmaster/' } },
  gutenberg: { nameKey: 'portal:Vendors.gutenberg', launched: true, page: { setting: 'GUTENBERG', sandboxPath: '/gutenberg/' } },
  populi: { nameKey: 'portal:Vendors.populi', launched: true, externalId: 'populi', page: { setting: 'POPULI', sandboxPath: '/populi/' } },
  skillable: {
    nameKey: 'portal:Vendors.skillable',
    launched: true,
    externalId: 'skillable',
    page: { setting: 'SKILLABLE', sandboxPath: '/skillable/sso' },
    secret: 'SKILLABLE_SECRET',
  },
} as const satisfies Record<string, VendorFacts>;

export type Vendor = keyof typeof VENDORS;

export const VENDOR_NAMES = Object.keys(VENDORS) as Vendor[];

export const isVendor = (value: unknown): value is Vendor => typeof value === 'string' && Object.hasOwn(VENDORS, value);

/** A vendor's facts, or undefined for a name the table does not have (data from a partner may hold any). */
export const vendorFacts = (name: string): VendorFacts | undefined => (isVendor(name) ? VENDORS[name] : undefined);
