import { createContext } from 'react';
import { descriptionId, getUiOptions, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { useFormText } from '../i18n/use-form-text';
import { labelKeyOf } from '../widgets/field-text';
import { layoutRows, readLayout } from './layout-rows';

/** The data of the enclosing object, so a widget can read a sibling (state reads country, phone reads its code). */
export const ObjectDataContext = createContext<Record<string, unknown> | undefined>(undefined);

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, fieldPathId, formData, required, uiSchema } = props;
  const { text } = useFormText();
  const legend = labelKeyOf(uiSchema, title);
  const isRoot = fieldPathId.path.length === 0;
  // Rows declared in the ui file (`ui:options.layout`) put fields side by side from 768 px.
  const shown = properties.filter((p) => !p.hidden).map((p) => ({ name: p.name, item: p }));
  const rows = layoutRows(shown, readLayout(getUiOptions(uiSchema)));
  const content = (
    <ObjectDataContext.Provider value={formData as Record<string, unknown> | undefined}>
      {rows.map((row) =>
        row.length === 1 && row[0]?.width === undefined ? (
          row[0]?.item.content
        ) : (
          <div key={row.map((cell) => cell.item.name).join(' ')} className="form-row">
            {row.map((cell) => (
              <div key={cell.item.name} className={`form-cell form-cell--${cell.width}`}>
                {cell.item.content}
              </div>
            ))}
          </div>
        ),
      )}
    </ObjectDataContext.Provider>
  );
  if (isRoot)
    return (
      <div id={fieldPathId.$id} className="form-body">
        {content}
      </div>
    );
  return (
    <fieldset id={fieldPathId.$id} className="form-group" aria-describedby={description ? descriptionId(fieldPathId) : undefined}>
      {legend && (
        <legend>
          {text(legend)}
          {required && (
            <span aria-hidden="true" className="form-required">
              {' '}
              *
            </span>
          )}
        </legend>
      )}
      {typeof description === 'string' && description && (
        <p id={descriptionId(fieldPathId)} className="form-description">
          {text(description)}
        </p>
      )}
      {content}
    </fieldset>
  );
}
