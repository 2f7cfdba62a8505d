import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../../ui/texts/text-key';
import type { FormName } from '../../../forms/definitions';
import { type FieldView, fieldView, keywordsFor, type RuleKeyword, type RuleSet, ruleMessage } from '../../schema/field-view';
import { nodeKey, type NodeAt, type SchemaFiles } from '../../schema/files';
import type { UseIndex } from '../../schema/walk';
import { keywordPath } from '../changes';
import { canMove, type Edit, moveInOrder, setAllowedValues, setMessage, setRequired, setRule, valueOf } from '../edits';
import { type Refusal, refusalsAt } from '../local-checks';
import { AllowedValues } from './allowed-values';
import { ConditionsText } from './conditions-text';
import { LayoutOrder } from './layout-order';
import { MessageKeySelect } from './message-key-select';
import { NumberRule } from './number-rule';
import { PatternRule } from './pattern-rule';
import { ReachNote } from './reach-note';
import { ImpactShareNote } from './impact-share-note';
import { describedBy, RefusalMessage } from './refusal-message';

export interface FieldRuleEditorProps {
  /** The field as the draft has it. */
  view: FieldView;
  /** The files with the draft applied, the published ones it is based on, and the base. */
  files: SchemaFiles;
  published: SchemaFiles;
  base: SchemaFiles;
  /** Where each place of the files is used, to show what a change reaches. */
  uses: UseIndex;
  refusals: readonly Refusal[];
  onEdit: (edits: Edit[]) => void;
  labelOf: (form: FormName, path: string) => string;
  /** The field's values in the sample data (tried against its pattern). */
  examples?: readonly string[];
}

const KEYWORD_LABEL: Record<RuleKeyword, TextKey<'admin'>> = {
  minLength: 'admin:Rule.MinLength',
  maxLength: 'admin:Rule.MaxLength',
  pattern: 'admin:Rule.Pattern',
  enum: 'admin:Rule.Enum',
  minimum: 'admin:Rule.Minimum',
  maximum: 'admin:Rule.Maximum',
};

const MESSAGE_LABEL: Record<RuleKeyword | 'required', TextKey<'admin'>> = {
  minLength: 'admin:Message.MinLength',
  maxLength: 'admin:Message.MaxLength',
  pattern: 'admin:Message.Pattern',
  enum: 'admin:Message.Enum',
  minimum: 'admin:Message.Minimum',
  maximum: 'admin:Message.Maximum',
  required: 'admin:Message.Required',
};

function Place({ at }: { at: NodeAt }) {
  return (
    <span className="admin-place">
      <code>{at.file}</code> <code>{at.pointer === '' ? '/' : at.pointer}</code>
    </span>
  );
}

/** The rules one place of the files holds for the field, each with its control and message. */
function RuleSetControls({ set, props }: { set: RuleSet; props: FieldRuleEditorProps }) {
  const { t } = useTranslation(['admin']);
  const headingId = useId();
  const { view, files, published, base, uses, refusals, onEdit, labelOf, examples } = props;
  // New rules are added at the field's declaration; elsewhere only the rules already there show.
  const keywords = keywordsFor(view.type).filter((k) => k !== 'enum' && (set.home || k in set.values));
  const at = (keyword: string) => refusalsAt(refusals, set.at.file, keywordPath(set.at, keyword));
  const message = (keyword: RuleKeyword) => {
    if (!(keyword in set.values)) return null;
    const current = ruleMessage(files, set.at, keyword);
    return (
      <MessageKeySelect
        label={t(MESSAGE_LABEL[keyword])}
        message={current}
        published={ruleMessage(published, set.at, keyword).key}
        onChange={(key) => onEdit(setMessage(files, current, key))}
        refusals={at('errorMessage')}
      />
    );
  };
  return (
    <fieldset className="admin-rule-set" aria-labelledby={headingId}>
      <legend id={headingId}>{set.home ? t('admin:Place.Declaration') : t('admin:Place.Shared')}</legend>
      <p className="admin-hint">
        {t('admin:Place.Lives')} <Place at={set.at} />
      </p>
      {set.when.length > 0 ? (
        <p className="admin-when">
          {t('admin:Place.When')} <ConditionsText when={set.when} labelOf={(path) => labelOf(view.form, path)} />
        </p>
      ) : null}
      <ReachNote uses={uses.get(nodeKey(set.at)) ?? []} labelOf={labelOf} />
      {keywords.map((keyword) => (
        <div key={keyword} className="admin-rule">
          {keyword === 'pattern' ? (
            <PatternRule
              label={t(KEYWORD_LABEL.pattern)}
              value={typeof set.values.pattern === 'string' ? set.values.pattern : undefined}
              published={valueOf(published, set.at, 'pattern')}
              removable={valueOf(base, set.at, 'pattern') === undefined}
              examples={examples}
              onChange={(value) => onEdit(setRule(set, 'pattern', value))}
              refusals={at('pattern')}
            />
          ) : (
            <NumberRule
              label={t(KEYWORD_LABEL[keyword])}
              value={set.values[keyword]}
              published={valueOf(published, set.at, keyword)}
              hint={set.home && !(keyword in set.values) ? t('admin:Rule.EmptyHere') : undefined}
              onChange={(value) => onEdit(setRule(set, keyword, value))}
              refusals={at(keyword)}
            />
          )}
          {message(keyword)}
        </div>
      ))}
    </fieldset>
  );
}

function RequiredControls({ props }: { props: FieldRuleEditorProps }) {
  const { t } = useTranslation(['admin']);
  const id = useId();
  const { view, files, published, base, refusals, onEdit, labelOf } = props;
  const { required } = view;
  const locked = required.base || !required.holder;
  const hintId = `${id}-hint`;
  const holderRefusals = required.holder ? refusalsAt(refusals, required.holder.file, keywordPath(required.holder, 'required')) : [];
  const wasRequired = useMemo(() => fieldView(published, base, view.form, view.path)?.required.value ?? false, [published, base, view.form, view.path]);
  return (
    <fieldset className="admin-rule-set" aria-describedby={hintId}>
      <legend>{t('admin:Required.Legend')}</legend>
      <div className="admin-control admin-control--check">
        <input
          id={id}
          type="checkbox"
          checked={required.value}
          disabled={locked}
          aria-invalid={holderRefusals.length > 0 || undefined}
          aria-describedby={describedBy(id, holderRefusals)}
          onChange={(event) => onEdit(setRequired(view, files, base, event.target.checked))}
        />
        <label htmlFor={id}>{t('admin:Required.Label')}</label>
        {required.value !== wasRequired ? (
          <span className="admin-was">{wasRequired ? t('admin:Required.WasRequired') : t('admin:Required.WasOptional')}</span>
        ) : null}
        <RefusalMessage id={id} refusals={holderRefusals} />
      </div>
      <p id={hintId} className="admin-hint">
        {required.base ? t('admin:Required.Base') : !required.holder ? t('admin:Required.NoPlace') : t('admin:Required.Hint')}
        {required.holder ? (
          <>
            {' '}
            {t('admin:Place.Lives')} <Place at={required.holder} />
          </>
        ) : null}
      </p>
      {required.when.length > 0 ? (
        <div className="admin-when">
          <p>{t('admin:Required.When')}</p>
          <ul>
            {required.when.map((when) => (
              <li key={JSON.stringify(when)}>
                <ConditionsText when={when} labelOf={(path) => labelOf(view.form, path)} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {required.message && required.message.key !== undefined ? (
        <MessageKeySelect
          label={t(MESSAGE_LABEL.required)}
          message={required.message}
          published={ruleMessage(published, required.message.at, 'required').key}
          onChange={(key) => onEdit(setMessage(files, required.message!, key))}
          refusals={refusalsAt(refusals, required.message.at.file, keywordPath(required.message.at, 'errorMessage'))}
        />
      ) : null}
    </fieldset>
  );
}

const intersect = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) => (a && b ? a.filter((v) => b.includes(v)) : (a ?? b ?? []));

function AllowedValuesControls({ props, labelOfValue }: { props: FieldRuleEditorProps; labelOfValue: (value: unknown) => string | undefined }) {
  const { view, published, base, refusals, onEdit } = props;
  const values = view.baseList ?? view.inheritedList;
  if (!values) return null;
  const home = view.ruleSets.find((s) => s.home);
  const homeList = Array.isArray(home?.values.enum) ? home.values.enum : undefined;
  const publishedHome = valueOf(published, view.home, 'enum');
  return (
    <AllowedValues
      values={values}
      chosen={intersect(homeList, view.inheritedList)}
      published={intersect(Array.isArray(publishedHome) ? publishedHome : undefined, view.inheritedList)}
      labelOf={labelOfValue}
      onChange={(chosen) => onEdit(setAllowedValues(view, base, chosen))}
      refusals={refusalsAt(refusals, view.home.file, keywordPath(view.home, 'enum'))}
    />
  );
}

/**
 * The rules of one field, with controls made for each: required or not (and when), lengths,
 * pattern, allowed values, numeric bounds, message keys, and its place in the declared order.
 * Every control turns into changes of the draft through `onEdit`.
 */
export function FieldRuleEditor(props: FieldRuleEditorProps & { labelOfValue?: (value: unknown) => string | undefined; publishedOrder?: readonly string[] }) {
  const { t } = useTranslation(['admin']);
  const orderId = useId();
  const { view, onEdit, labelOf } = props;
  const groupPath = view.path.includes('/') ? view.path.slice(0, view.path.lastIndexOf('/')) : '';
  return (
    <div className="admin-field-editor">
      {view.readOnly ? <p className="admin-hint">{t('admin:Field.ReadOnly')}</p> : null}
      <ImpactShareNote form={view.form} path={view.path} />
      <RequiredControls props={props} />
      {view.ruleSets.map((set) => (
        <RuleSetControls key={nodeKey(set.at) + JSON.stringify(set.when)} set={set} props={props} />
      ))}
      <AllowedValuesControls props={props} labelOfValue={props.labelOfValue ?? (() => undefined)} />
      <section className="admin-rule-set" aria-labelledby={orderId}>
        <h3 id={orderId}>{t('admin:Order.Legend')}</h3>
        <LayoutOrder
          order={view.order.list}
          name={view.name}
          published={props.publishedOrder}
          rows={view.order.rows}
          labelOf={(name) => labelOf(view.form, groupPath === '' ? name : `${groupPath}/${name}`)}
          canMove={(direction) => canMove(view, direction)}
          onMove={(direction) => onEdit(moveInOrder(view, direction))}
        />
      </section>
    </div>
  );
}
