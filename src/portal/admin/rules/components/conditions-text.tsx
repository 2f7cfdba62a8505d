import { useTranslation } from 'react-i18next';
import type { Condition } from '../../schema/conditions';
import { CONDITION } from '../../gallery/text-keys';

/** A list of conditions in plain words ("Country is USA and …"). */
export function ConditionsText({ when, labelOf }: { when: readonly Condition[]; labelOf: (path: string) => string }) {
  const { t } = useTranslation(['gallery']);
  return <>{when.map((c) => t(CONDITION[c.kind], { field: labelOf(c.field), value: c.value })).join(t('gallery:Rules.And'))}</>;
}
