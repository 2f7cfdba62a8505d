import type { Navigation } from './launch-plan';

/**
 * Performs a launch: a form POST is a real form element, built with the DOM API (so every value is
 * a property, never markup) and submitted; a redirect replaces the page; an open goes to a new tab
 * without access back to the portal.
 */
export function navigate(navigation: Navigation, win: Window = window): void {
  switch (navigation.kind) {
    case 'post': {
      const doc = win.document;
      const form = doc.createElement('form');
      form.method = 'post';
      form.action = navigation.action;
      form.hidden = true;
      form.setAttribute('data-launch', '');
      for (const [name, value] of Object.entries(navigation.fields)) {
        const input = doc.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      doc.body.append(form);
      form.submit();
      return;
    }
    case 'redirect':
      win.location.assign(navigation.url);
      return;
    case 'open':
      win.open(navigation.url, '_blank', 'noopener,noreferrer');
  }
}
