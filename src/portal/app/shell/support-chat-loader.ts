/*
 * Loading the support desk's widget script (src/sandbox/assets/widget.js plays the partner) into the
 * page when the learner asks for it. The widget builds its own toggle button and panel, marked
 * `data-support-chat`, and reads its texts from the script tag's data attributes.
 */

/** Marks everything the widget adds (its script tag is marked by the portal, the rest by the widget). */
export const WIDGET_MARK = 'data-support-chat';

/**
 * Appends the widget's script and resolves with the widget's toggle button once the script has run.
 * Rejects when the script cannot be fetched or does not build its toggle.
 */
export function loadSupportChat(source: string, data: Record<string, string>, doc: Document = document): Promise<HTMLButtonElement> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = new URL(source).href;
    script.async = true;
    script.setAttribute(WIDGET_MARK, '');
    Object.assign(script.dataset, data);
    script.addEventListener('load', () => {
      const toggle = doc.querySelector<HTMLButtonElement>(`button[${WIDGET_MARK}]`);
      if (toggle) resolve(toggle);
      else reject(new Error('The support chat script built no toggle button'));
    });
    script.addEventListener('error', () => reject(new Error(`The support chat script did not load: ${script.src}`)));
    doc.body.append(script);
  });
}

/** Takes the widget out of the page: its script, its stylesheet, its toggle and its panel. */
export function removeSupportChat(doc: Document = document): void {
  for (const element of doc.querySelectorAll(`[${WIDGET_MARK}]`)) element.remove();
}
