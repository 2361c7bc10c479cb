// Script-tag entry: `<script type="module" src=".../widgets/elements/qoltanba-document-status.js">` defines this element only.
import { defineQoltanbaElement } from '../define-element';
import { documentStatusElement } from '../document-status-element';

if (typeof customElements !== 'undefined') defineQoltanbaElement(documentStatusElement);
