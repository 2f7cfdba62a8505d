/** The attribute that names a text's key on its element in "show keys" mode (docs/texts.md#show-keys). */
export const KEY_ATTRIBUTE = 'data-text-key';
/** Marks the key panel: its own texts are not marked. */
export const PANEL_ATTRIBUTE = 'data-show-keys-panel';
