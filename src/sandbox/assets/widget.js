// The support desk's chat widget, as the partner serves it: a button that opens a small panel with
// the learner's name and email (read-only, from the script tag's data attributes).
(function () {
  var script = document.currentScript;
  var base = script ? new URL(script.src).origin : '';
  var link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = base + '/zendesk/widget.css';
  document.head.appendChild(link);
  var button = document.createElement('button');
  button.type = 'button';
  button.className = 'support-chat-widget';
  button.textContent = (script && script.dataset.label) || 'Support chat';
  button.setAttribute('aria-expanded', 'false');
  var panel = document.createElement('div');
  panel.className = 'support-chat-widget__panel';
  panel.hidden = true;
  ['name', 'email'].forEach(function (key) {
    var label = document.createElement('label');
    label.textContent = key === 'name' ? 'Name' : 'Email';
    var input = document.createElement('input');
    input.readOnly = true;
    input.value = (script && script.dataset[key]) || '';
    label.appendChild(input);
    panel.appendChild(label);
  });
  button.addEventListener('click', function () {
    panel.hidden = !panel.hidden;
    button.setAttribute('aria-expanded', String(!panel.hidden));
  });
  document.body.appendChild(panel);
  document.body.appendChild(button);
})();
