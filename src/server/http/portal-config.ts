import type { ServerConfig } from '../config';
import { authorityMetadata } from '../idp/endpoints';
import { fulfilmentSource } from '../vendors/fulfilment-source';
import type { LanguageNotLive, PortalLanguage } from '../../shared/texts/portal-languages';

/**
 * The portal's runtime configuration, from the environment (GET /portal-config.json), with the rules
 * version in force: `rulesHash` is null while the base's rules are published (the portal then uses the
 * validators precompiled at build time), else the hash of /rules/<hash>/forms/<form>.js; `rulesBaseHash`
 * is the base's hash, so the portal tells the base from a version in an answer's x-rules-version;
 * `textsHash` likewise for the texts.
 */
export function portalConfig(
  config: ServerConfig,
  rules: { base: boolean; hash: string; baseHash?: string } = { base: true, hash: '' },
  texts: { base: boolean; hash: string; languages?: PortalLanguage[]; notLive?: LanguageNotLive[]; changed?: string[] } = { base: true, hash: '' },
) {
  return {
    authority: config.issuer,
    // The provider's discovery fields, so sign-in does not first ask the provider for them.
    authorityMetadata: authorityMetadata(config.issuer),
    clientId: config.clientId,
    scopes: ['openid', 'profile', 'email'],
    apiScopes: [] as string[],
    apiAudience: config.apiAudience,
    bearerToken: config.bearerToken,
    functionKeyHeader: config.functionKeyHeader,
    functionKey: config.functionKey,
    services: { identity: config.publicOrigin, entitlements: config.publicOrigin, vendors: config.publicOrigin },
    sierraUrl: config.sierraUrl ?? null,
    fulfilmentSource: fulfilmentSource(config.sierraUrl),
    sandboxOrigin: config.sandboxOrigin,
    partners: config.partners,
    flags: config.flags,
    redirectWhitelist: config.redirectWhitelist,
    links: config.links,
    certificationFrame: config.certificationFrame,
    // FORM_ACTIVITY=off: the portal records nothing and sends nothing.
    formActivity: config.formActivity,
    rulesHash: rules.base ? null : rules.hash,
    rulesBaseHash: rules.baseHash ?? (rules.base ? rules.hash : null),
    // The texts version in force (docs/admin-area.md, "Texts"): null while the files' texts are, which
    // the build bundles; else the hash of /texts/<hash>/<lang>/<namespace>.json.
    textsHash: texts.base ? null : texts.hash,
    // The languages whose texts in that version differ from the files: the portal's bundled texts
    // stand for every other one (an English page does not load its texts again when French is published).
    textsChanged: texts.changed ?? [],
    // The live languages (docs/texts.md#languages): the portal's language menu, `?ui_locales=`, each
    // one's reading direction and fallback. The services' list; the portal keeps none of its own.
    languages: texts.languages ?? [],
    // The languages that are not live whose learners are sent to another live language than English
    // (a language taken down, to its fallback): the portal shows them that one, as the sign-in pages
    // and the e-mails do, from the first page, in every tab.
    languagesNotLive: texts.notLive ?? [],
  };
}
