import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { FORM_NAMESPACES } from '../../forms/i18n/use-form-text';
import { labelKeyAt } from '../schema/labels';
import { type Condition, describeRules, type Rule } from './describe-rules';
import { CONDITION, PATTERN, PATTERN_OTHER, RULE, RULE_INVALID } from './text-keys';
import { runtimeText } from '../../ui/texts/runtime-text';

/** Each field's rules in plain words, derived from the bundled schema the form is rendered from. */
export function RulesList({ schema, uiSchema }: { schema: RJSFSchema; uiSchema: UiSchema }) {
  const { t, i18n } = useTranslation(['gallery', ...FORM_NAMESPACES]);
  const fields = useMemo(() => describeRules(schema as Record<string, unknown>), [schema]);
  const label = (path: string) => {
    const key = labelKeyAt(uiSchema, path);
    return key && i18n.exists(key, { ns: FORM_NAMESPACES }) ? `${runtimeText(t, key, { ns: FORM_NAMESPACES })} (${path})` : path;
  };
  const condition = (c: Condition) => t(CONDITION[c.kind], { field: label(c.field), value: c.value });
  const ruleText = (rule: Rule) => {
    const params = rule.params ?? {};
    let body: string;
    if (rule.key === 'Pattern') {
      const named = PATTERN[String(params.name)];
      const message = params.message ? runtimeText(t, String(params.message), { ns: FORM_NAMESPACES }) : t('widgets:Errors.Invalid');
      body = named ? t(named) : t(PATTERN_OTHER, { message });
    } else if (rule.key === 'MustEqual' || rule.key === 'MustDiffer') {
      body = t(RULE[rule.key]!, { field: label(String(params.field)) });
    } else {
      const key = RULE[rule.key];
      body = key ? t(key, params) : t(RULE_INVALID);
    }
    if (!rule.when) return body;
    return `${t('gallery:Rules.When', { conditions: rule.when.map(condition).join(t('gallery:Rules.And')) })} ${body}`;
  };
  return (
    <table className="gallery-rules">
      <caption>{t('gallery:RulesTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('gallery:Field')}</th>
          <th scope="col">{t('gallery:RulesTitle')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.path}>
            <th scope="row">{label(f.path)}</th>
            <td>
              <ul>
                {f.rules.map((r) => {
                  const text = ruleText(r);
                  return <li key={text}>{text}</li>;
                })}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
