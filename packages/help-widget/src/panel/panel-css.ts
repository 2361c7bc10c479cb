/**
 * The panel's colours per theme, as custom properties set on `.panel` itself: set there (not on `:host`), a host
 * page's own custom properties on `<qoltanba-help>` cannot reach them. Text pairs meet WCAG AA (4.5:1), the message
 * field's border 3:1 (panel.test.ts measures both themes).
 */
const PALETTES = {
  light:
    '--bg:#fff;--fg:#1b1f24;--line:rgba(0,0,0,.18);--soft:#d3d9e0;--rule:#e3e7ec;--link:#134bab;--hover:#f0f5fd;' +
    '--tint:rgba(0,0,0,.08);--msg:#eef1f5;--mine:#dce8fb;--muted:#4a5562;--time:#5b6672;--field:#fff;' +
    '--edge:#8a96a3;--chip:#b8c2cd;--err-bg:#fdecea;--err:#8a1c14;color-scheme:light',
  dark:
    '--bg:#1b1f24;--fg:#e8eaed;--line:rgba(255,255,255,.2);--soft:#3d4550;--rule:#333a43;--link:#8ab4f8;' +
    '--hover:#25324a;--tint:rgba(255,255,255,.12);--msg:#2b3139;--mine:#1d3a68;--muted:#aab4c0;--time:#aab4c0;' +
    '--field:#14171b;--edge:#7d8896;--chip:#56606c;--err-bg:#3d1f1c;--err:#ffb4a9;color-scheme:dark',
} as const;

/**
 * The panel's styles, adopted into the widget's shadow root next to the launcher's. The dark palette applies with
 * `data-theme="dark"` on the panel, or with `auto` (anything but `light`) when the system prefers dark.
 */
export const PANEL_CSS = `
.panel{position:fixed;bottom:88px;right:20px;width:360px;max-height:min(600px,calc(100vh - 108px));display:flex;
flex-direction:column;background:var(--bg);color:var(--fg);border:1px solid var(--line);border-radius:12px;
box-shadow:0 12px 32px rgba(0,0,0,.28);overflow:hidden;text-align:start;
font:400 15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;${PALETTES.light}}
.panel[data-theme=dark]{${PALETTES.dark}}
@media (prefers-color-scheme:dark){.panel:not([data-theme=light]){${PALETTES.dark}}}
:host([data-position=left]) .panel{right:auto;left:20px}
.panel:focus{outline:none}
.head{display:flex;align-items:center;gap:8px;padding:12px 12px 12px 16px;background:#1a5fd1;color:#fff}
h2,h3{margin:0;font:inherit;font-weight:600}
h2{flex:1;font-size:17px}
h3{font-size:15px;margin-bottom:8px}
button,textarea,input{font:inherit;color:inherit;margin:0}
button{cursor:pointer}
:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.icon{display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;padding:0;border:0;
border-radius:8px;background:transparent;color:inherit}
.icon:hover{background:var(--tint)}
.head .icon:hover{background:rgba(255,255,255,.18)}
svg{width:22px;height:22px;fill:currentColor}
.body{flex:1;overflow:auto;padding:12px 16px;display:flex;flex-direction:column;gap:12px}
.links{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.links a{display:flex;align-items:center;gap:10px;padding:10px 12px;border:1px solid var(--soft);border-radius:8px;
color:var(--link);text-decoration:none;font-weight:600}
.links a:hover{background:var(--hover)}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.chat{display:flex;flex-direction:column;gap:8px;border-top:1px solid var(--rule);padding-top:12px}
.log{display:flex;flex-direction:column;gap:8px}
.past{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.conv{display:grid;grid-template-columns:minmax(0,1fr);gap:2px;width:100%;padding:8px 10px;border:1px solid var(--soft);border-radius:8px;
background:var(--field);text-align:start}
.conv:hover{background:var(--hover)}
.excerpt{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.history h3:focus{outline:none}
.msg{max-width:85%;padding:8px 10px;border-radius:10px;background:var(--msg);align-self:flex-start}
.msg.visitor{align-self:flex-end;background:var(--mine)}
.msg.system{align-self:center;background:transparent;color:var(--muted);font-size:13px;text-align:center}
.who{display:block;font-size:12px;font-weight:600;color:var(--muted)}
.text{margin:2px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
time{display:block;font-size:11px;color:var(--time);text-align:end}
.file{display:inline-flex;align-items:center;gap:4px;margin-top:4px;padding:4px 8px;border:1px solid var(--chip);
border-radius:6px;background:var(--field);color:var(--link);font-size:13px}
.note,.hint{margin:0;color:var(--muted);font-size:13px}
.error{display:flex;align-items:flex-start;gap:8px;padding:8px 10px;border-radius:8px;background:var(--err-bg);color:var(--err)}
.error p{flex:1;margin:0}
.error .icon{width:28px;height:28px;flex:none}
.upload{display:grid;gap:4px;font-size:13px}
progress{width:100%;height:6px;accent-color:#1a5fd1}
.composer{display:flex;align-items:flex-end;gap:6px}
textarea{flex:1;min-height:42px;max-height:120px;resize:vertical;padding:8px 10px;border:1px solid var(--edge);
border-radius:8px;background:var(--field)}
.send{height:42px;padding:0 14px;border:0;border-radius:8px;background:#1a5fd1;color:#fff;font-weight:600}
.send:hover{background:#134bab}
button:disabled{opacity:.6;cursor:default}
[hidden]{display:none!important}
@media (max-width:480px){.panel{inset:0;width:auto;max-height:none;border-radius:0;border:0}}
@media (prefers-reduced-motion:no-preference){.panel{animation:qh-in .16s ease-out}}
@keyframes qh-in{from{opacity:0;transform:translateY(8px)}}
`;
