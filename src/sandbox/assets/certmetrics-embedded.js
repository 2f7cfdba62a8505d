// The embedded certification page's side of the portal's frame protocol. It listens to the
// portal's window only (origin and source), has the token verified by its own server, answers the
// portal's initialised check once signed in, shows the section the portal asks for, and sends the
// portal two requests. Nothing inline, no HTML built from strings.
(function () {
  var root = document.getElementById('certmetrics-app');
  if (!root) return;
  var main = document.querySelector('main');
  var verdict = document.querySelector('.verdict');
  var portalOrigin = root.getAttribute('data-portal-origin');
  var sections = Array.prototype.slice.call(root.querySelectorAll('[data-section]'));
  var initialised = false;
  var current = new URLSearchParams(window.location.search).get('section') || 'certifications';

  var post = function (message) {
    window.parent.postMessage(message, portalOrigin);
  };
  var show = function (name) {
    if (
      !sections.some(function (s) {
        return s.getAttribute('data-section') === name;
      })
    )
      return;
    current = name;
    sections.forEach(function (s) {
      s.hidden = s.getAttribute('data-section') !== name;
    });
    main.setAttribute('data-section-shown', name);
  };
  var setVerdict = function (valid, textContent) {
    main.setAttribute('data-valid', String(valid));
    verdict.className = 'verdict verdict--' + (valid ? 'valid' : 'refused');
    verdict.textContent = textContent;
  };
  var item = function (list, key, parts) {
    var li = document.createElement('li');
    li.setAttribute('data-item', key);
    li.textContent = parts.filter(Boolean).join(' · ');
    list.appendChild(li);
  };
  var fill = function (name, entries, describe) {
    var list = root.querySelector('[data-list="' + name + '"]');
    list.textContent = '';
    if (entries.length === 0) item(list, 'none', ['Nothing here yet']);
    entries.forEach(function (entry) {
      describe(list, entry);
    });
  };
  var render = function (record) {
    root.querySelector('[data-field="email"]').textContent = record.email;
    root.querySelector('[data-field="name"]').textContent = record.name;
    fill('exams', record.exams, function (list, e) {
      item(list, e.code, [e.title, e.date, e.result]);
    });
    fill('certifications', record.certifications, function (list, c) {
      item(list, c.code, [c.title, c.status, 'earned ' + c.earned, 'expires ' + c.expires]);
    });
    fill('continuing-education', record.continuingEducation, function (list, c) {
      item(list, c.activity, [c.activity, c.units + ' units', c.date, c.status]);
    });
    root.hidden = false;
    show(current);
  };
  var signIn = function (token) {
    fetch('/certmetrics/embedded/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: token }) })
      .then(function (response) {
        return response.json().then(function (body) {
          return { ok: response.ok, body: body };
        });
      })
      .then(function (answer) {
        if (!answer.ok) {
          setVerdict(false, 'Launch refused: ' + (answer.body.reason || 'invalid token'));
          return;
        }
        render(answer.body);
        initialised = true;
        setVerdict(true, 'Launch valid');
        post({ type: 'frame:initialised' });
      })
      .catch(function () {
        setVerdict(false, 'Launch refused: the session could not be checked');
      });
  };

  window.addEventListener('message', function (event) {
    if (event.origin !== portalOrigin || event.source !== window.parent) return;
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (data.type === 'portal:token' && typeof data.token === 'string') {
      // When the token came, in ms since this page started loading: people and tests can see the delay.
      main.setAttribute('data-token-after-ms', String(Math.round(performance.now())));
      signIn(data.token);
    } else if (data.type === 'portal:check' && initialised) post({ type: 'frame:initialised' });
    else if (data.type === 'portal:show' && typeof data.section === 'string') show(data.section);
  });
  root.addEventListener('click', function (event) {
    var button = event.target.closest('[data-request]');
    if (!button) return;
    post({ type: button.getAttribute('data-request') === 'manage-exams' ? 'frame:manage-exams' : 'frame:edit-address' });
  });
})();
