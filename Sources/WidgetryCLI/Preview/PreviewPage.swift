import Foundation

/// The preview's page: the picture in a frame, a bar of controls, the text snapshot beside it,
/// and a script that turns clicks into interactions (posted as scenario steps) and reloads on
/// each server-sent event.
enum PreviewPage {
    /// Shown in the frame before the widget first loads.
    static let nothingYet = "<!DOCTYPE html><html><body><p>Loading…</p></body></html>\n"

    /// The page's Content-Security-Policy: its own script and the picture frame, nothing from
    /// elsewhere, and no other site may frame it.
    static let pagePolicy = "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:; "
        + "frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    /// The picture's Content-Security-Policy: no script at all, images from data URIs only, and
    /// only the preview's page may frame it.
    static let picturePolicy = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'; "
        + "base-uri 'none'; form-action 'none'"

    /// The page, carrying `token` for the requests it sends.
    static func html(token: String) -> String {
        template.replacingOccurrences(of: "{{token}}", with: token)
    }

    private static let template = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="widgetry-token" content="{{token}}">
        <title>widgetry preview</title>
        <style>
        body{margin:0;font-family:"Liberation Sans",Arial,Helvetica,sans-serif;background:#f2f2f7}
        #bar{display:flex;gap:8px;align-items:center;padding:8px 16px;background:#fff;border-bottom:1px solid #d1d1d6}
        #main{display:flex;gap:16px;padding:16px;align-items:flex-start}
        iframe{border:1px solid #c7c7cc;background:#fff;flex:none}
        #side{flex:1;min-width:0}
        #error{background:#fff0f0;border:1px solid #ff3b30;color:#a00;padding:8px;white-space:pre-wrap;font-family:monospace}
        #refusal{color:#a00}
        pre{font-size:12px;background:#fff;border:1px solid #e5e5ea;padding:8px;overflow:auto;max-height:80vh;margin:0}
        </style>
        </head>
        <body>
        <div id="bar">
        <button id="back" type="button">‹ Back</button>
        <button id="refresh" type="button">Pull to refresh</button>
        <button id="end" type="button">Scroll to end</button>
        <button data-advance="1" type="button">+1 s</button>
        <button data-advance="10" type="button">+10 s</button>
        <button data-advance="60" type="button">+1 min</button>
        <label>service <select id="service"><option>stub</option><option>dev</option><option>prod</option></select></label>
        <span id="screen-name"></span>
        <span id="refusal"></span>
        </div>
        <div id="main">
        <iframe id="screen" title="the widget's screen" src="/picture" width="377" height="669"></iframe>
        <div id="side"><div id="error" hidden></div><pre id="snapshot"></pre></div>
        </div>
        <script>
        const token = document.querySelector('meta[name="widgetry-token"]').content;
        const jsonHeaders = {'Content-Type': 'application/json', 'X-Widgetry-Token': token};
        const frame = document.getElementById('screen');
        const refusal = document.getElementById('refusal');
        async function post(body) {
          refusal.textContent = '';
          const answer = await fetch('/interact', {method: 'POST', headers: jsonHeaders, body: JSON.stringify(body)});
          if (!answer.ok) { refusal.textContent = (await answer.json()).error; }
        }
        async function refresh() {
          const state = await (await fetch('/state')).json();
          document.getElementById('snapshot').textContent = state.snapshot;
          document.getElementById('screen-name').textContent = state.screen;
          document.getElementById('service').value = state.service;
          const error = document.getElementById('error');
          error.hidden = state.error === null;
          error.textContent = state.error || '';
          frame.src = '/picture?v=' + state.version;
        }
        function firstTable() {
          const table = frame.contentDocument && frame.contentDocument.querySelector('[data-type="UITableView"][data-id],[data-type="UICollectionView"][data-id]');
          return table ? table.dataset.id : null;
        }
        frame.addEventListener('load', () => {
          frame.contentDocument.addEventListener('click', event => {
            const row = event.target.closest('[data-row]');
            const element = event.target.closest('[data-id]');
            if (element && ['UIButton', 'UIBarButtonItem'].includes(element.dataset.type)) { post({tap: element.dataset.id}); return; }
            if (element && ['UISearchBar', 'UITextField', 'UITextView'].includes(element.dataset.type)) {
              const text = window.prompt('Type into ' + element.dataset.id, '');
              if (text !== null) { post({type: text, into: element.dataset.id}); }
              return;
            }
            if (row) {
              const [table, section, index] = row.dataset.row.split('/');
              post({tapRow: Number(index), of: table, section: Number(section)});
            }
          });
        });
        document.getElementById('back').addEventListener('click', () => post({back: true}));
        document.getElementById('service').addEventListener('change', async event => {
          refusal.textContent = '';
          const answer = await fetch('/service', {method: 'POST', headers: jsonHeaders, body: JSON.stringify({service: event.target.value})});
          if (!answer.ok) { refusal.textContent = (await answer.json()).error; }
        });
        document.getElementById('refresh').addEventListener('click', () => { const table = firstTable(); if (table) post({refresh: table}); });
        document.getElementById('end').addEventListener('click', () => { const table = firstTable(); if (table) post({scrollToEnd: table}); });
        for (const button of document.querySelectorAll('[data-advance]')) {
          button.addEventListener('click', () => post({advance: Number(button.dataset.advance)}));
        }
        new EventSource('/events').addEventListener('changed', refresh);
        refresh();
        </script>
        </body>
        </html>

        """#
}
