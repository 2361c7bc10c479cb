/**
 * The host element and the button. `all: initial !important` on the host stops the page's inherited fonts and
 * colours and any rule matching the host element (an inner `!important` beats an outer one); the host is a 0×0
 * fixed box, so the page's layout never moves. Everything else is styled on elements inside the shadow root.
 */
export const LAUNCHER_CSS = `
:host{all:initial!important;display:block!important;position:fixed!important;z-index:2147483000!important;
inset:auto 0 0 auto!important;width:0!important;height:0!important;margin:0!important;padding:0!important;
border:0!important;overflow:visible!important;visibility:visible!important;opacity:1!important;
transform:none!important;contain:none!important;pointer-events:auto!important}
:host([data-position=left]){inset:auto auto 0 0!important}
*,*::before,*::after{box-sizing:border-box}
.launcher{all:initial;box-sizing:border-box;position:fixed;bottom:20px;right:20px;width:56px;height:56px;
display:flex;align-items:center;justify-content:center;border:2px solid #fff;border-radius:50%;
background:#1a5fd1;color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.3);
font:600 12px/1 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
:host([data-position=left]) .launcher{right:auto;left:20px}
.launcher:hover{background:#134bab}
.launcher:focus-visible{outline:3px solid #f5a623;outline-offset:3px}
.launcher svg{width:28px;height:28px;fill:currentColor;pointer-events:none}
.launcher .i-close,.launcher[aria-expanded=true] .i-open{display:none}
.launcher[aria-expanded=true] .i-close{display:block}
.badge{position:absolute;top:-4px;right:-4px;min-width:22px;height:22px;padding:0 6px;border-radius:11px;
background:#c62828;color:#fff;border:2px solid #fff;display:flex;align-items:center;justify-content:center}
.badge[hidden],.slot[hidden]{display:none}
`;
