// The support desk's chat widget, as the partner serves it: a button that opens a panel with the
// learner's name and email (read-only), the department and a ticket form to choose. The embedding
// page gives the texts and values as data attributes of this script's tag. No inline styles: the
// widget's stylesheet comes from the partner's origin.
(function () {
  var script = document.currentScript;
  if (!script) return;
  var data = script.dataset;
  var base = new URL(script.src).origin;
  var make = function (tag, props) {
    var el = document.createElement(tag);
    Object.keys(props || {}).forEach(function (key) {
      el[key] = props[key];
    });
    el.setAttribute('data-support-chat', '');
    return el;
  };
  var uid = 'support-chat-' + Math.random().toString(36).slice(2, 8);

  document.head.appendChild(make('link', { rel: 'stylesheet', href: base + '/zendesk/widget.css' }));
  var panel = make('section', { className: 'support-chat__panel', hidden: true, id: uid });
  panel.setAttribute('aria-labelledby', uid + '-title');
  panel.appendChild(make('h2', { id: uid + '-title', className: 'support-chat__title', textContent: data.title || 'Chat with support' }));

  var field = function (key, label, control) {
    var wrapper = make('div', { className: 'support-chat__field' });
    control.id = uid + '-' + key;
    wrapper.appendChild(make('label', { htmlFor: control.id, textContent: label }));
    wrapper.appendChild(control);
    panel.appendChild(wrapper);
  };
  field('name', data.nameLabel || 'Name', make('input', { value: data.name || '', readOnly: true, name: 'name' }));
  field('email', data.emailLabel || 'Email', make('input', { value: data.email || '', readOnly: true, name: 'email', type: 'email' }));
  field('department', data.departmentLabel || 'Department', make('input', { value: data.department || 'Support team', readOnly: true, name: 'department' }));
  var forms = make('select', { name: 'ticketForm' });
  (data.ticketForms || '')
    .split('|')
    .filter(Boolean)
    .forEach(function (label, index) {
      forms.appendChild(make('option', { value: String(index + 1), textContent: label }));
    });
  field('ticket-form', data.ticketFormLabel || 'Topic', forms);

  var button = make('button', { type: 'button', className: 'support-chat__button', textContent: data.label || 'Support chat' });
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', uid);
  button.addEventListener('click', function () {
    panel.hidden = !panel.hidden;
    button.setAttribute('aria-expanded', String(!panel.hidden));
    if (!panel.hidden) forms.focus();
  });
  panel.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') {
      panel.hidden = true;
      button.setAttribute('aria-expanded', 'false');
      button.focus();
    }
  });
  document.body.appendChild(panel);
  document.body.appendChild(button);
})();
