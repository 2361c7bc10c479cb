// Script-tag entry: `<script type="module" src=".../widgets/elements/qoltanba-verify.js">` defines this element only.
import { defineQoltanbaElement } from '../define-element';
import { verifyElement } from '../verify-element';

if (typeof customElements !== 'undefined') defineQoltanbaElement(verifyElement);
