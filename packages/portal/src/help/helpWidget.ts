import { HELP_WIDGET_SCRIPT, type Lang } from '@qoltanba/core';
import type { QoltanbaHelpCommand, QoltanbaHelpFunction } from './qoltanbaHelp';

/** The id of the help widget's script tag (one per page). */
export const HELP_WIDGET_SCRIPT_ID = 'qoltanba-help-widget';

/**
 * Defines `window.QoltanbaHelp` as a queue when the widget has not (yet) defined it, as the widget's snippet does:
 * `window.QoltanbaHelp = window.QoltanbaHelp || function () { (QoltanbaHelp.q = QoltanbaHelp.q || []).push(arguments) }`.
 * Calls made before the script arrives wait in `q`; the script replays them.
 */
export function ensureHelpQueue(win: Window = window): QoltanbaHelpFunction {
  if (!win.QoltanbaHelp) {
    const queue: QoltanbaHelpFunction = (...command) => {
      queue.q = queue.q ?? [];
      queue.q.push(command);
    };
    win.QoltanbaHelp = queue;
  }
  return win.QoltanbaHelp;
}

/** Sends a command to the help widget (queued until its script has loaded; read afresh, as the script replaces it). */
export function helpCommand(...command: QoltanbaHelpCommand): void {
  ensureHelpQueue()(...command);
}

/**
 * Adds the help widget's `<script async src="/widgets/help-widget.js" data-lang>` once (a tag already on the page
 * is kept). A script that fails to load (404 before the widget is built) leaves the queue in place and nothing else
 * changes: it is marked `data-failed` for whoever looks.
 */
export function injectHelpWidgetScript(lang: Lang, doc: Document = document): HTMLScriptElement {
  const existing = doc.getElementById(HELP_WIDGET_SCRIPT_ID);
  if (existing instanceof HTMLScriptElement) return existing;
  const script = doc.createElement('script');
  script.id = HELP_WIDGET_SCRIPT_ID;
  script.async = true;
  script.src = HELP_WIDGET_SCRIPT;
  script.dataset.lang = lang;
  // The portal has a light theme only: the panel matches it whatever the system prefers.
  script.dataset.theme = 'light';
  script.addEventListener('error', () => script.setAttribute('data-failed', 'true'), { once: true });
  doc.body.append(script);
  return script;
}
