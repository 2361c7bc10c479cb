/** The panel's styles, adopted into the widget's shadow root next to the launcher's. */
export const PANEL_CSS = `
.panel{position:fixed;bottom:88px;right:20px;width:360px;max-height:min(600px,calc(100vh - 108px));display:flex;
flex-direction:column;background:#fff;color:#1b1f24;border:1px solid rgba(0,0,0,.18);border-radius:12px;
box-shadow:0 12px 32px rgba(0,0,0,.28);overflow:hidden;text-align:start;
font:400 15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color-scheme:light}
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
.icon:hover{background:rgba(0,0,0,.08)}
.head .icon:hover{background:rgba(255,255,255,.18)}
svg{width:22px;height:22px;fill:currentColor}
.body{flex:1;overflow:auto;padding:12px 16px;display:flex;flex-direction:column;gap:12px}
.links{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.links a{display:flex;align-items:center;gap:10px;padding:10px 12px;border:1px solid #d3d9e0;border-radius:8px;
color:#134bab;text-decoration:none;font-weight:600}
.links a:hover{background:#f0f5fd}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.chat{display:flex;flex-direction:column;gap:8px;border-top:1px solid #e3e7ec;padding-top:12px}
.log{display:flex;flex-direction:column;gap:8px}
.msg{max-width:85%;padding:8px 10px;border-radius:10px;background:#eef1f5;align-self:flex-start}
.msg.visitor{align-self:flex-end;background:#dce8fb}
.msg.system{align-self:center;background:transparent;color:#4a5562;font-size:13px;text-align:center}
.who{display:block;font-size:12px;font-weight:600;color:#4a5562}
.text{margin:2px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
time{display:block;font-size:11px;color:#5b6672;text-align:end}
.file{display:inline-flex;align-items:center;gap:4px;margin-top:4px;padding:4px 8px;border:1px solid #b8c2cd;
border-radius:6px;background:#fff;color:#134bab;font-size:13px}
.note,.hint{margin:0;color:#4a5562;font-size:13px}
.error{display:flex;align-items:flex-start;gap:8px;padding:8px 10px;border-radius:8px;background:#fdecea;color:#8a1c14}
.error p{flex:1;margin:0}
.error .icon{width:28px;height:28px;flex:none}
.upload{display:grid;gap:4px;font-size:13px}
progress{width:100%;height:6px;accent-color:#1a5fd1}
.composer{display:flex;align-items:flex-end;gap:6px}
textarea{flex:1;min-height:42px;max-height:120px;resize:vertical;padding:8px 10px;border:1px solid #8a96a3;
border-radius:8px;background:#fff}
.send{height:42px;padding:0 14px;border:0;border-radius:8px;background:#1a5fd1;color:#fff;font-weight:600}
.send:hover{background:#134bab}
button:disabled{opacity:.6;cursor:default}
[hidden]{display:none!important}
@media (max-width:480px){.panel{inset:0;width:auto;max-height:none;border-radius:0;border:0}}
@media (prefers-reduced-motion:no-preference){.panel{animation:qh-in .16s ease-out}}
@keyframes qh-in{from{opacity:0;transform:translateY(8px)}}
`;
